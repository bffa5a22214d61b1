/**
 * Every call of the locker API (spec §7), one small module per area. Paths the spec shows are kept
 * as they are; the others are designed in the same style (see docs/api.md).
 *
 * The package exports this module as the namespace `calls` (`calls.orderDetail`): a bundler keeps
 * only the calls a page names, so a page carries only their schemas.
 */

export * from "./content.ts";
export * from "./demo.ts";
export * from "./drop-off.ts";
export * from "./lockers.ts";
export * from "./marketing.ts";
export * from "./members.ts";
export * from "./operations.ts";
export * from "./orders.ts";
export * from "./payments.ts";
