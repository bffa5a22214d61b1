import type * as catalogue from "./calls/index.ts";

export type Calls = typeof catalogue;
export type CallId = keyof Calls;

/** Order of the calls in the API reference (the OpenAPI document): by area, as a reader meets them. */
export const referenceOrder = [
  "validateUser",
  "orderDetail",
  "boxLocationDetail",
  "temporaryQr",
  "overdueQr",
  "cancelBooking",
  "cancelRent",
  "overdueCalculation",
  "bankInterfacePayment",
  "paymentToken",
  "lockerOrderPayment",
  "createDropoffPayment",
  "snapDropoffPayment",
  "checkPayment",
  "paymentReturn",
  "paymentNotification",
  "snapPaymentNotification",
  "settings",
  "banners",
  "services",
  "shortLink",
  "overdueDropoffDetail",
  "overdueDropoffSubmit",
  "sendGuestBook",
  "captcha",
  "lockerLocations",
  "sendPackageData",
  "lockerSizes",
  "barcodeImage",
  "media",
  "health",
  "demoScenarios",
  "createDemoScenario",
  "openDemoScenario",
  "kioskScan",
  "advanceOrder",
] as const satisfies readonly CallId[];
