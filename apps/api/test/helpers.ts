import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { createServer } from "node:net";
import {
  type ApiErrorBody,
  type CallDef,
  calls,
  envelope,
  fillPath,
  OverdueDropoffDetail,
} from "@paxelbox/contract";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { z } from "zod";
import { type ApiConfig, type BuildOptions, buildApp, loadConfig } from "../src/app.ts";
import type { PaymentRow } from "../src/payments/service.ts";

export const budi = "demo-token-budi";
export const sari = "demo-token-sari";

/** A copy of the run's migrated PGlite database (`global-setup.ts`), to start an embedded one from. */
export function pgliteTemplate(): Promise<Blob> {
  return openAsBlob(inject("pgliteTemplate"));
}

/**
 * A fresh database for one test file, a copy of the run's migrated one (`global-setup.ts`): an
 * in-memory PGlite started from `template`, or, when DATABASE_URL is set (CI), a new database
 * created on that PostgreSQL server from the run's template database and dropped afterwards.
 */
export async function freshDatabase(): Promise<{
  url: string | undefined;
  template: Blob | undefined;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  const source = inject("postgresTemplate");
  if (!serverUrl || !source) return { url: undefined, template: await pgliteTemplate(), async drop() {} };
  const name = `paxelbox_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${source}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    template: undefined,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `env`'s configuration on a test's database: `databaseUrl`, or PGlite (in DATA_DIR) when it is
 * undefined, as under `npm test`. Production demands DATABASE_URL (its instances share one server),
 * so the tests that try production's behaviour meet that check with an address never connected to
 * and run on the test's database: PGlite is production's PostgreSQL, embedded.
 */
export function configOn(databaseUrl: string | undefined, env: Record<string, string>): ApiConfig {
  const config = loadConfig({ DATABASE_URL: databaseUrl ?? "postgres://pglite.invalid/test", ...env });
  return { ...config, databaseUrl };
}

/**
 * Builds the API once for the calling test file and closes it afterwards. `env` may be read when the
 * app is built: the address of a stand-in that starts listening before it.
 */
export function useApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: Omit<BuildOptions, "database" | "databaseTemplate"> = {},
): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    const config = configOn(database.url, {
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      ...(typeof env === "function" ? env() : env),
    });
    app = await buildApp(config, { ...options, databaseTemplate: database.template });
  });
  afterAll(async () => {
    await app?.close();
    await drop();
  });
  return () => {
    if (!app) throw new Error("app not built yet");
    return app;
  };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls a contract call through `inject`. */
export function call(
  app: FastifyInstance,
  def: CallDef,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const query = options.query
    ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  return app.inject({
    method: def.method,
    url: fillPath(def.path, options.params),
    ...(query ? { query } : {}),
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** Asserts a success envelope and parses its data with the call's schema. */
export function ok<C extends CallDef>(def: C, response: LightMyRequestResponse): z.output<C["response"]> {
  expect(response.statusCode, response.body).toBe(200);
  return envelope(def.response).parse(response.json()).data as z.output<C["response"]>;
}

/** Asserts a `{ code, message }` failure with that status and returns the message. */
export function failure(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as ApiErrorBody;
  expect(body.code).toBe(status);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(3);
  expect(response.body).not.toMatch(/\bat .+\.ts:\d+|select |insert into|stack/i);
  return body.message;
}

/** Creates a demo scenario and returns its query parameters. */
export async function scenario(app: FastifyInstance, id: string): Promise<URLSearchParams & { url: string }> {
  const response = await app.inject({ method: "POST", url: `/api/demo/scenarios/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  const url = (response.json() as { data: { url: string } }).data.url;
  const params = new URL(url, "http://x").searchParams as URLSearchParams & { url: string };
  params.url = url;
  return params;
}

/** Starts the calling file's app on a real loopback port (gateway callbacks need real HTTP). */
export function useServer(app: () => FastifyInstance): () => string {
  let origin = "";
  beforeAll(async () => {
    origin = await app().listen({ port: 0, host: "127.0.0.1" });
  });
  return () => origin;
}

export interface HttpResult {
  status: number;
  body: { code: number; message?: string; data?: unknown };
  headers: Headers;
}

/** A contract call over real HTTP. */
export async function http(origin: string, def: CallDef, options: CallOptions = {}): Promise<HttpResult> {
  const url = new URL(fillPath(def.path, options.params), origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: def.method,
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    redirect: "manual",
  });
  return {
    status: response.status,
    body: (await response.json()) as HttpResult["body"],
    headers: response.headers,
  };
}

/**
 * Presses a button on the sandbox checkout page, as the browser's form would, and follows the
 * gateway's way back: through the API's return call, which asks the gateway and sends the browser
 * on to the shop's page. Answers that page's address.
 */
export async function press(checkoutUrl: string, action: "pay" | "fail" | "cancel"): Promise<URL> {
  const response = await fetch(`${checkoutUrl}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get("location") ?? "");
  expect(back.pathname).toMatch(/^\/api\/v1\/payments\/PAY[A-Z0-9]+\/return$/);
  const shop = await fetch(back, { redirect: "manual" });
  expect(shop.status).toBe(303);
  return new URL(shop.headers.get("location") ?? "");
}

/**
 * The body of the non-interface rent payment (`POST /api/v1/order/locker`), as the rent screen sends
 * it; `returnTo` is the screen's address for each outcome (one address for all by default).
 */
export function lockerOrderBody(
  orderid: number,
  returnTo: string | { success: string; failed: string; cancel: string },
  overrides: Record<string, unknown> = {},
) {
  const urls =
    typeof returnTo === "string" ? { success: returnTo, failed: returnTo, cancel: returnTo } : returnTo;
  return {
    order_info: {
      name: "Budi Santoso",
      box_name: "Locker",
      phone_number: "081234567801",
      cancel_url: urls.cancel,
      success_url: urls.success,
      failed_url: urls.failed,
      payment_type: "extention",
      localization: "indonesia",
      box_id: 1,
      door_number: "1",
      order_id: orderid,
      price: 1,
      size: "M",
      loker_order_type: "rental",
      duration: 1,
      currency: "Rp",
      client: "userapp_locker",
      ...overrides,
    },
  };
}

/** The body of the bank-interface rent payment (`POST /api/v1/box/payments`), returning to `site`. */
export function bankInterfaceBody(expressNumber: string, orderid: number, site: string) {
  return {
    additionalInfo: {
      customerDetails: { firstName: "Budi", phone: "081234567801" },
      items: [
        {
          brand: "PaxelBox",
          category: "locker",
          id: String(orderid),
          name: "Overdue",
          price: { currency: "IDR", value: "1.00" },
          quantity: 1,
        },
      ],
      language: "en",
      payOptionDetails: [],
    },
    isOverdue: true,
    overdueDuration: 3,
    partnerReferenceNo: expressNumber,
    urlParam: [
      { url: `${site}/order-status?orderid=${orderid}&token=${budi}`, type: "PAY_RETURN", isDeeplink: "N" },
    ],
  };
}

/**
 * The body of the non-interface drop-off payment (`POST /api/v1/payments/dropoff`), as the overdue
 * page sends it: back to that page on `site`, or to the given address for each outcome.
 */
export function dropoffPaymentBody(
  orderid: number,
  returnTo: string | { success: string; failed: string; cancel: string },
) {
  const result = (status: string) => `payment_status=${status}&overdue=true`;
  const page = `${returnTo}/overduepayment?orderid=${orderid}`;
  const urls =
    typeof returnTo === "string"
      ? {
          success: `${returnTo}/overduepayment/success-payment?orderid=${orderid}&${result("SUCCESS")}`,
          failed: `${page}&status=failed&${result("FAILED")}`,
          cancel: `${page}&status=cancel&${result("CANCELLED")}`,
        }
      : returnTo;
  return {
    client: "overdue_dropoff_locker",
    email: "rina@example.id",
    invoice_number: "INV-DOL-A1B2C3-D4E5",
    cashier_name: "Rina Kartika",
    phone_number: "0811222233333",
    success_url: urls.success,
    failed_url: urls.failed,
    cancel_url: urls.cancel,
    locker_order_type: "Drop Off",
    order_info: [
      {
        order_id: orderid,
        name: "Rina Kartika",
        box_id: 1,
        door_number: "1",
        box_name: "Locker",
        size: "S",
        localization: "indonesia",
        duration: 3,
        price: 1,
        currency: "Rp",
        payment_type: "extention",
      },
    ],
  };
}

/**
 * A drop-off owing its overdue fee (the scenario), its detail read and the overdue page's form sent
 * with an address, the page read in `language`.
 */
export async function submitOverdueForm(app: FastifyInstance, email: string, language: "id" | "en") {
  const params = await scenario(app, "dropoff-overdue-need-to-pay");
  const orderid = Number(params.get("orderid"));
  const token = params.get("token") as string;
  const detail = OverdueDropoffDetail.parse(
    ok(
      calls.overdueDropoffDetail,
      await call(app, calls.overdueDropoffDetail, { params: { orderid }, token }),
    ),
  );
  ok(
    calls.overdueDropoffSubmit,
    await call(app, calls.overdueDropoffSubmit, {
      params: { orderid },
      token,
      headers: { "accept-language": language },
      body: {
        email,
        invoice_number: detail.invoiceNumber,
        overdue_time: detail.overdueTime,
        overdue_days: detail.overdueDays,
        overdue_total_price: detail.overdueTotalPrice,
      },
    }),
  );
  return { orderid, token, detail };
}

/** Pays a drop-off's overdue fee at the sandbox checkout, as the overdue page does; answers the credited payment. */
export async function payDropoffFee(
  app: FastifyInstance,
  origin: string,
  orderid: number,
  token: string,
  email: string,
): Promise<PaymentRow> {
  const access = await http(origin, calls.paymentToken, { token });
  const created = await http(origin, calls.createDropoffPayment, {
    query: { access_token: (access.body.data as { access_token: string }).access_token },
    body: { ...dropoffPaymentBody(orderid, origin), email },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await press((created.body.data as { payment_url: string }).payment_url, "pay");
  const [payment] = await app.db.query<PaymentRow>(
    "select * from payments where order_id = $1 and status = 'SUCCESS'",
    [orderid],
  );
  return payment as PaymentRow;
}

/** The body of the bank-interface drop-off payment (`POST /api/v1/dropoff/overdue/payments`). */
export function snapDropoffBody(orderid: number, returnUrl: string, orderNumber = "x") {
  return {
    order_id: orderid,
    order_number: orderNumber,
    email: "rina@example.id",
    invoice_number: "INV-DOL-A1B2C3-D4E5",
    overdue_time: 1,
    overdue_days: 3,
    overdue_total_price: 1,
    recipient_name: "Rina",
    phone: "0811222233333",
    url_param: returnUrl,
    language: "id",
  };
}

/** A free loopback port, for a server a test starts as a child process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A `multipart/form-data` body of text fields, as a browser posts a form. */
export function multipart(fields: Record<string, string>) {
  const boundary = "----paxelbox-test";
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Solves a fresh ALTCHA challenge of `app` as the widget does and returns the payload it would submit. */
export async function captchaToken(app: FastifyInstance): Promise<string> {
  const setup = ok(calls.captcha, await app.inject(calls.captcha.path));
  if (setup.provider !== "altcha") throw new Error("expected ALTCHA");
  const challenge = setup.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

/** A 1×1 PNG, base64. */
export const onePixelPng =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A package form's send for a locker (`boxId`): valid, a medium door, a 1×1 photo. */
export const packageBody = (boxId: number, overrides: Record<string, unknown> = {}) => ({
  takeUserPhoneNumber: "0811222233333",
  box: { id: boxId },
  mouth: { mouthType: { name: "M" } },
  photo: `data:image/png;base64,${onePixelPng}`,
  recipientName: "Rina",
  takeUserLanguage: "Indonesia",
  senderName: "Kurir Kilat",
  ...overrides,
});
