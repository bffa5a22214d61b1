import { ApiErrorBody, type CallDef, calls, envelope, fillPath } from "@paxelbox/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { budi, sari, scenario, useApp, useServer } from "./helpers.ts";

/**
 * The API against its own OpenAPI document, property-based: for every operation, requests generated
 * from the contract's zod schemas (through their JSON Schema), valid ones and mutated ones (unknown
 * query parameters, wrong values, broken bodies), with no token, a member's, a drop-off link's, an
 * expired link's and a made-up one. Each answer must be a status the document declares for that
 * operation (never a 5xx) and carry the body it declares: the envelope of the call's schema, the
 * `{ code, message }` of a failure, an image, a redirect, nothing, or an event stream.
 *
 * A failure prints fast-check's seed and path; `FUZZ_SEED=<seed>` runs the same requests again.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_128);
console.log(`contract fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);
/** Generated requests per operation: half valid, half mutated. */
const runs = { valid: 50, invalid: 50 };

const app = useApp({ RATE_LIMIT_FACTOR: "100000" });
// Listening, so that a payment that gets as far as its gateway reaches the sandbox.
const origin = useServer(app);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Operation {
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}

const schemaOf = (type: z.core.$ZodType | undefined): JsonSchema =>
  type ? (z.toJSONSchema(type, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};

/** Values of the demo records, mixed into fields of these names so that requests reach the handlers. */
const hints: Record<string, unknown[]> = {};

/** A tiny real PNG: the photo checks read its magic bytes. */
const tinyPng =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const int32 = 2_147_483_647;

/** A fast-check arbitrary of the values a JSON Schema (as zod writes it) accepts. */
function arbitraryOf(schema: JsonSchema, name = ""): fc.Arbitrary<unknown> {
  const own = plainArbitrary(schema, name);
  const hinted = hints[name];
  return hinted && hinted.length > 0 ? fc.oneof(own, fc.constantFrom(...hinted)) : own;
}

function plainArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member) => arbitraryOf(member, name)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => plainArbitrary({ ...schema, type }, name)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = Math.max(
        schema.minimum ?? -int32 - 1,
        schema.exclusiveMinimum === undefined ? -int32 - 1 : schema.exclusiveMinimum + 1,
      );
      const max = Math.min(
        schema.maximum ?? int32,
        schema.exclusiveMaximum === undefined ? int32 : schema.exclusiveMaximum - 1,
      );
      return fc.integer({ min, max });
    }
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(arbitraryOf(schema.items ?? {}, name), { minLength, maxLength });
    }
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0 && typeof schema.additionalProperties === "object") {
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          arbitraryOf(schema.additionalProperties),
          {
            maxKeys: 3,
          },
        );
      }
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, arbitraryOf(value, key)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    case "string":
      return stringArbitrary(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 10_000;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.format === "uri") {
    return fc.oneof(fc.webUrl(), fc.constant(`${origin()}/order-status?orderid=1`)).filter(fits);
  }
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 40)) });
}

/** What a mutated request puts where a value belongs. */
const nastyValues: unknown[] = [
  null,
  true,
  -1,
  0,
  2_147_483_648,
  1e308,
  0.5,
  "",
  " ",
  "1e309",
  "x".repeat(5_000),
  "😀\u202e",
  "'; drop table orders; --",
  [],
  {},
];
const nastyTexts = [
  "",
  "-1",
  "0",
  "abc",
  "1e309",
  "2147483648",
  "99999999999999999999",
  "😀",
  "x".repeat(300),
  "..",
  "%",
];

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** How the body is sent: the call's own way, or broken on purpose. */
  bodyAs: "call" | "text/plain" | "malformed-json";
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  accept: string | undefined;
  mutation: string;
}

const texts = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value),
    ]),
  );

function multipart(fields: Record<string, unknown>): string {
  const parts = Object.entries(texts(fields)).map(
    ([name, value]) => `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--zz--\r\n`;
}

/** A copy of `value` with one leaf (picked by `pick`) replaced by `replacement`, or removed. */
function mutateLeaf(value: unknown, pick: number, replacement: unknown, remove: boolean): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (path.length > 0) paths.push(path);
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, [...path, index]);
    } else if (node && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
    }
  };
  walk(value, []);
  if (paths.length === 0) return replacement;
  const path = paths[pick % paths.length] as (string | number)[];
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (remove && !Array.isArray(target)) delete target[last];
  else target[last] = replacement;
  return copy;
}

function requests(def: CallDef) {
  const params = def.params
    ? (arbitraryOf(schemaOf(def.params)) as fc.Arbitrary<Record<string, unknown>>)
    : fc.constant({});
  const query = def.query
    ? (arbitraryOf(schemaOf(def.query)) as fc.Arbitrary<Record<string, unknown>>)
    : fc.constant({});
  const body = def.body ? arbitraryOf(schemaOf(def.body)) : fc.constant(undefined);
  // No token, a member's, a drop-off link's (an expired one too), one nobody holds, and malformed ones.
  const authorization = fc.constantFrom(
    undefined,
    ...(hints.token as string[]).map((token) => `Bearer ${token}`),
    "Bearer not-a-token-at-all",
    `Bearer ${"x".repeat(600)}`,
    "Basic YnVkaTpzZWNyZXQ=",
  );
  // What the client says it takes: an event stream is asked for as such, or not (a plain fetch).
  const accept = fc.constantFrom(undefined, "*/*", "application/json", "text/event-stream");
  const idempotencyKey = def.idempotent
    ? fc.option(fc.constantFrom("retry-1", "retry-2", " ", "x".repeat(300)), { nil: undefined })
    : fc.constant(undefined);
  const valid = fc.record({
    params,
    query,
    body,
    bodyAs: fc.constant("call" as const),
    authorization,
    idempotencyKey,
    accept,
    mutation: fc.constant("none"),
  });
  const paramKeys = Object.keys(schemaOf(def.params).properties ?? {});
  const queryKeys = Object.keys(schemaOf(def.query).properties ?? {});
  const mutations: fc.Arbitrary<(request: Request) => Request>[] = [
    fc
      .tuple(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string({ maxLength: 10 }))
      .filter(([key]) => !queryKeys.includes(key))
      .map(([key, value]) => (request: Request) => ({
        ...request,
        query: { ...request.query, [key]: value },
        mutation: `unknown query parameter ${key}`,
      })),
    fc.constantFrom(...nastyValues).chain((replacement) =>
      fc.tuple(fc.nat(), fc.boolean()).map(([pick, remove]) => (request: Request) => ({
        ...request,
        body: mutateLeaf(request.body ?? {}, pick, replacement, remove),
        mutation: remove ? "body field removed" : `body field ${JSON.stringify(replacement)?.slice(0, 30)}`,
      })),
    ),
    fc.constantFrom("text/plain" as const, "malformed-json" as const).map((bodyAs) => (request: Request) => ({
      ...request,
      bodyAs,
      mutation: `body as ${bodyAs}`,
    })),
  ];
  if (paramKeys.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...paramKeys), fc.constantFrom(...nastyTexts))
        .map(([key, value]) => (request: Request) => ({
          ...request,
          params: { ...request.params, [key]: value },
          mutation: `path parameter ${key}=${value.slice(0, 20)}`,
        })),
    );
  }
  if (queryKeys.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...queryKeys), fc.constantFrom(...nastyTexts))
        .map(([key, value]) => (request: Request) => ({
          ...request,
          query: { ...request.query, [key]: value },
          mutation: `query parameter ${key}=${value.slice(0, 20)}`,
        })),
    );
  }
  const invalid = fc.tuple(valid, fc.oneof(...mutations)).map(([request, mutate]) => mutate(request));
  return { valid, invalid };
}

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** Sends a request: through `inject`, or over HTTP for an event stream (read to its first event). */
async function send(def: CallDef, request: Request): Promise<Answer> {
  const params = texts(request.params);
  let url: string;
  try {
    url = fillPath(def.path, params);
  } catch {
    url = def.path;
  }
  const headers: Record<string, string> = {};
  if (request.authorization) headers.authorization = request.authorization;
  if (request.idempotencyKey) headers["idempotency-key"] = request.idempotencyKey;
  if (request.accept) headers.accept = request.accept;
  const search = new URLSearchParams(texts(request.query)).toString();
  const address = search ? `${url}?${search}` : url;
  if (def.responseType === "events") return sendForStream(address, headers);
  let payload: string | undefined;
  if (def.method === "POST") {
    if (request.bodyAs === "text/plain") {
      headers["content-type"] = "text/plain";
      payload = "hello";
    } else if (request.bodyAs === "malformed-json") {
      headers["content-type"] = "application/json";
      payload = '{"broken": ';
    } else if (def.bodyType === "multipart") {
      headers["content-type"] = "multipart/form-data; boundary=zz";
      payload = multipart((request.body ?? {}) as Record<string, unknown>);
    } else {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(request.body ?? {});
    }
  }
  const response = await app().inject({ method: def.method, url: address, headers, payload });
  return {
    status: response.statusCode,
    headers: Object.fromEntries(
      Object.entries(response.headers).map(([key, value]) => [key, value?.toString()]),
    ),
    body: response.body,
  };
}

async function sendForStream(address: string, headers: Record<string, string>): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(`${origin()}${address}`, {
    headers,
    signal: controller.signal,
  });
  const answerHeaders = Object.fromEntries(response.headers.entries());
  if (!answerHeaders["content-type"]?.startsWith("text/event-stream")) {
    return { status: response.status, headers: answerHeaders, body: await response.text() };
  }
  // The first event, then the stream is closed from this side.
  const body = response.body;
  if (!body) return { status: response.status, headers: answerHeaders, body: "" };
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const deadline = Date.now() + 3_000;
  while (!/\n\n/.test(text.replace(/^:[^\n]*\n/gm, "")) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) =>
        setTimeout(() => resolve({ done: true, value: undefined }), Math.max(0, deadline - Date.now())),
      ),
    ]);
    if (chunk.done) break;
    text += chunk.value;
  }
  controller.abort();
  return { status: response.status, headers: answerHeaders, body: text };
}

/** The `data` of the first `order` event of a stream. */
function firstEventData(text: string): string | undefined {
  for (const block of text.split("\n\n")) {
    const lines = block.split("\n");
    if (!lines.includes("event: order")) continue;
    return lines
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
  }
  return undefined;
}

/** Why an answer breaks the document, or null when it keeps to it. */
function breach(def: CallDef, operation: Operation, answer: Answer): string | null {
  const { status, headers, body } = answer;
  if (status >= 500) return `answered ${status}`;
  const declared = operation.responses[String(status)];
  if (!declared)
    return `answered ${status}, which the document does not declare (${Object.keys(operation.responses)})`;
  if (status === 429 && !headers["retry-after"]) return "429 without Retry-After";
  const media = Object.keys(declared.content ?? {});
  const type = headers["content-type"]?.split(";")[0]?.trim();
  if (media.length === 0) {
    if (status >= 300 && status < 400 && status !== 304 && !headers.location)
      return `${status} without Location`;
    return body.length === 0 ? null : `${status} with a body the document does not declare`;
  }
  if (!type || !media.includes(type)) return `${status} as ${type}, the document declares ${media}`;
  if (type === "text/event-stream") {
    const data = firstEventData(body);
    if (data === undefined) return "an event stream without an order event";
    const parsed = envelope(def.response).safeParse(JSON.parse(data));
    return parsed.success ? null : `event off its schema: ${parsed.error.message.slice(0, 300)}`;
  }
  if (type !== "application/json") return body.length > 0 ? null : `${status} ${type} without bytes`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${status} whose body is not JSON`;
  }
  if (status >= 400) {
    const parsed = ApiErrorBody.safeParse(json);
    if (!parsed.success) return `failure off { code, message }: ${parsed.error.message.slice(0, 300)}`;
    return parsed.data.code === status
      ? null
      : `failure with code ${parsed.data.code} under status ${status}`;
  }
  const parsed = envelope(def.response).safeParse(json);
  return parsed.success ? null : `success off its schema: ${parsed.error.message.slice(0, 300)}`;
}

const contractCalls = Object.values(calls) as CallDef[];
/** Statuses answered, by operation: printed at the end, so that a run shows what it reached. */
const seen: Record<string, Record<number, number>> = {};
afterAll(() => {
  const lines = Object.entries(seen).map(
    ([id, statuses]) =>
      `${id.padEnd(26)} ${Object.entries(statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
  );
  console.log(`contract fuzz (seed ${seed}): statuses answered per operation\n${lines.join("\n")}`);
});
let operations: Record<string, Operation & { method: string; path: string }> = {};

beforeAll(async () => {
  const document = (await app().inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, Operation & { operationId: string }>>;
  };
  operations = Object.fromEntries(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        operation.operationId,
        { ...operation, method, path },
      ]),
    ),
  );

  // Demo records whose ids, numbers and tokens are mixed into the generated requests.
  const orders: { orderid: number; token: string }[] = [];
  for (const id of [
    "rent-to-store",
    "rent-in-store",
    "rent-in-store-overdue",
    "dropoff-in-store",
    "dropoff-overdue-need-to-pay",
    "dropoff-overdue-expired",
  ]) {
    const link = await scenario(app(), id);
    orders.push({ orderid: Number(link.get("orderid")), token: link.get("token") ?? budi });
  }
  const expressNumbers: string[] = [];
  for (const { orderid, token } of orders) {
    const detail = await app().inject({
      url: `/api/v1/box/express/info/${orderid}/paid`,
      headers: { authorization: `Bearer ${token}` },
    });
    const number = (detail.json() as { data?: { expressNumber?: string } }).data?.expressNumber;
    if (number) expressNumbers.push(number);
  }
  const shortLink = (await scenario(app(), "short-link")).url.split("/").at(-1) ?? "";
  const packageForm = await scenario(app(), "package-form");
  const paymentToken = await app().inject({
    url: "/api/auth/token/generate",
    headers: { authorization: `Bearer ${budi}` },
  });
  const accessToken = (paymentToken.json() as { data: { access_token: string } }).data.access_token;
  const ids = orders.map((order) => order.orderid);
  Object.assign(hints, {
    orderid: ids,
    order_id: ids,
    id: [...ids, 1],
    boxId: [1, Number(packageForm.get("boxId"))],
    box_id: [1],
    expressNumber: expressNumbers,
    partnerReferenceNo: expressNumbers,
    order_number: expressNumbers,
    code: [shortLink],
    token: [budi, sari, ...orders.map((order) => order.token).filter((token) => token !== budi)],
    access_token: [accessToken],
    photo: [tinyPng],
    email: ["budi@example.com"],
  });
}, 120_000);

describe("the API keeps to its OpenAPI document", () => {
  it("documents every call of the contract, the event stream as text/event-stream", () => {
    expect(Object.keys(operations).sort()).toEqual(contractCalls.map((call) => call.id).sort());
    const events = operations.orderEvents?.responses["200"]?.content ?? {};
    expect(Object.keys(events)).toEqual(["text/event-stream"]);
  });

  for (const def of contractCalls) {
    it(`${def.id}: ${runs.valid} valid and ${runs.invalid} mutated requests, each answered as declared`, async () => {
      const operation = operations[def.id];
      if (!operation) throw new Error(`${def.id} is not in the document`);
      const { valid, invalid } = requests(def);
      const statuses: Record<number, number> = {};
      seen[def.id] = statuses;
      const check = async (request: Request) => {
        const answer = await send(def, request);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const problem = breach(def, operation, answer);
        if (problem) {
          throw new Error(
            `${def.method} ${def.path} (${request.mutation}): ${problem}\n${answer.body.slice(0, 300)}`,
          );
        }
        // docs/api.md: a parameter the call does not declare is refused, and a call without a
        // query takes none; only a query the document leaves open (`paymentReturn`) may ignore one.
        if (
          request.mutation.startsWith("unknown query parameter") &&
          answer.status < 400 &&
          (!def.query || schemaOf(def.query).additionalProperties === false)
        ) {
          throw new Error(`${def.id} accepted an unknown query parameter (${answer.status})`);
        }
      };
      await fc.assert(fc.asyncProperty(valid, check), { seed, numRuns: runs.valid, endOnFailure: true });
      await fc.assert(fc.asyncProperty(invalid, check), { seed, numRuns: runs.invalid, endOnFailure: true });
    }, 60_000);
  }

  it("answers a client that refuses the event stream 406 in its own words", async () => {
    const orderid = (hints.orderid as number[])[1];
    for (const accept of ["application/json", "*/*, text/event-stream;q=0", "text/html, text/*;q=0"]) {
      const response = await app().inject({
        url: `/api/v1/box/express/info/${orderid}/events`,
        headers: { accept, authorization: `Bearer ${budi}` },
      });
      expect(response.statusCode, accept).toBe(406);
      expect(ApiErrorBody.parse(response.json()).key).toBe("eventStreamNotAccepted");
    }
  });

  it("answers 405 with Allow for a method a path does not take", async () => {
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const documented = Object.values(operations).map(({ method, path }) => ({
      method: method.toUpperCase(),
      pattern: pattern(path),
    }));
    for (const path of new Set(Object.values(operations).map((operation) => operation.path))) {
      const url = path.replace(/\{[^}]+\}/g, "1");
      // Every operation whose path matches this address (`/dropoff/overdue/{orderid}` matches
      // `/dropoff/overdue/payments`).
      const methods = new Set(
        documented.filter((entry) => entry.pattern.test(url)).map((entry) => entry.method),
      );
      const allow = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "QUERY"]) {
        if (methods.has(method)) continue;
        const response = await app().inject({ method: method as "GET", url });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(405);
        expect(response.headers.allow, `${method} ${url}`).toBe(allow);
        expect(ApiErrorBody.parse(response.json()).code).toBe(405);
      }
    }
    const unknown = await app().inject({ method: "PUT", url: "/api/v1/nothing-here" });
    expect(unknown.statusCode).toBe(404);
  });
});
