/**
 * Every call of the locker API (spec §7), one small module per area. Paths the spec shows are kept
 * as they are; the others are designed in the same style (see docs/api.md).
 *
 * The package exports this module as the namespace `calls` (`calls.orderDetail`): a bundler keeps
 * only the calls a page names, so a page carries only their schemas.
 */

export * from "./advance-order.ts";
export * from "./bank-interface-payment.ts";
export * from "./banners.ts";
export * from "./barcode-image.ts";
export * from "./box-location-detail.ts";
export * from "./cancel-booking.ts";
export * from "./cancel-rent.ts";
export * from "./captcha.ts";
export * from "./check-payment.ts";
export * from "./create-demo-scenario.ts";
export * from "./create-dropoff-payment.ts";
export * from "./demo-outbox.ts";
export * from "./demo-scenarios.ts";
export * from "./health.ts";
export * from "./kiosk-scan.ts";
export * from "./locker-locations.ts";
export * from "./locker-order-payment.ts";
export * from "./locker-sizes.ts";
export * from "./media.ts";
export * from "./open-demo-scenario.ts";
export * from "./order-detail.ts";
export * from "./order-events.ts";
export * from "./overdue-calculation.ts";
export * from "./overdue-dropoff-detail.ts";
export * from "./overdue-dropoff-submit.ts";
export * from "./overdue-qr.ts";
export * from "./payment-notification.ts";
export * from "./payment-return.ts";
export * from "./payment-token.ts";
export * from "./report-web-vitals.ts";
export * from "./send-guest-book.ts";
export * from "./send-package-data.ts";
export * from "./services.ts";
export * from "./settings.ts";
export * from "./short-link.ts";
export * from "./snap-dropoff-payment.ts";
export * from "./snap-payment-notification.ts";
export * from "./temporary-qr.ts";
export * from "./validate-user.ts";
export * from "./whatsapp-webhook.ts";
