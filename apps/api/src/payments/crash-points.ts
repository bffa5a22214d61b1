/**
 * Named steps of the payment path where the crash test kills the process (SIGKILL, nothing runs
 * after it). `CRASH_AT=<step>` arms one step; it is ignored in production. The test restarts the
 * system on the same database and checks that every charge is credited exactly once.
 */
export const crashSteps = [
  /** The payment row is written; the gateway has not been called. */
  "before-gateway-call",
  /** The gateway opened the checkout; the API has not stored its address. */
  "after-checkout-created",
  /** The gateway charged the customer; no notification has left. */
  "after-charge",
  /** The API received a verified notification and has not applied it. */
  "notification-received",
  /** The API credited the payment and has not answered the gateway. */
  "after-credit",
  /** The gateway got the API's 2xx and has not marked the notification delivered. */
  "after-notification-acknowledged",
  /** The reconciliation job read the gateway's record and has not applied it. */
  "reconcile-read",
  /** The customer's return asked the gateway and has not applied its answer. */
  "return-read",
] as const;
export type CrashStep = (typeof crashSteps)[number];

const armed =
  (process.env.APP_ENV ?? process.env.NODE_ENV) === "production" ? undefined : process.env.CRASH_AT;

export function crashPoint(step: CrashStep): void {
  if (armed === step) process.kill(process.pid, "SIGKILL");
}
