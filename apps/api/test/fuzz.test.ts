import { type CallDef, calls, fillPath } from "@paxelbox/contract";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { budi, useApp } from "./helpers.ts";

/**
 * Bad input for every route, generated from the contract: wrong types, missing fields, huge
 * strings, unicode, negative and huge numbers in every field (nested ones too, one at a time on an
 * otherwise valid body), malformed JSON, wrong content types, malformed multipart, bad tokens,
 * params and queries. The API must never answer 5xx, and every refusal must be `{ code, message }`.
 * The demo pages outside the contract (kiosk, sandbox checkout) must never answer 5xx either.
 */

const app = useApp({ RATE_LIMIT_FACTOR: "1000" });

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
}

const nasty: unknown[] = [
  null,
  true,
  -1,
  0,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  0.5,
  "",
  " ",
  "1e3",
  "2147483648",
  "x".repeat(100_000),
  "😀🇮🇩 ناس \u202e\u0000",
  "\ud800",
  "'; drop table orders; --",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  [],
  [1, 2, 3],
  {},
  { $gt: "" },
];

/** A real 1 × 1 PNG (the photo checks read its magic bytes). */
const tinyPng =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Values tried, in order, for a string with a pattern: the first one that matches is used. */
const patternCandidates = [
  "1",
  "1000",
  "1000.00",
  "081234567890",
  "INV-DOL-A1B2C3-D4E5",
  "PXB-T-ABCDEF",
  "M",
  "paxelbox",
  "a",
  tinyPng,
];

/** A valid-looking value for a schema, so that one wrong field at a time reaches the handler. */
function sample(schema: JsonSchema | undefined, key = ""): unknown {
  if (!schema) return "a";
  if ("const" in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.[0]) return sample(union[0], key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, value]) => [name, sample(value, name)]),
      );
    case "array":
      return [sample(schema.items)];
    case "integer":
    case "number":
      return Math.max(1, (schema.exclusiveMinimum ?? 0) + 1, schema.minimum ?? 0);
    case "boolean":
      return true;
    default:
      if (schema.format === "email" || /email/i.test(key)) return "budi@example.com";
      if (schema.format === "uri") return "https://paxelbox.example/return";
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return patternCandidates.find((candidate) => pattern.test(candidate)) ?? "a";
      }
      return "a";
  }
}

function schemaOf(type: z.core.$ZodType | undefined): JsonSchema {
  return type ? (z.toJSONSchema(type, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};
}

type Path = (string | number)[];

/** Every leaf of a sampled body (nested objects and the first array element included). */
function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.length > 0 ? [path, ...leaves(value[0], [...path, 0])] : [path];
  if (value && typeof value === "object") {
    const inner = Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
    return path.length > 0 ? [path, ...inner] : inner;
  }
  return [path];
}

/** A copy of `base` with the value at `path` replaced, or removed when `value` is `remove`. */
const remove = Symbol("remove");
function withValue(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === remove) {
    if (Array.isArray(target)) target.splice(last as number, 1);
    else delete target[last];
  } else target[last] = value;
  return copy;
}

/**
 * Numbers JSON can carry but `JSON.stringify` cannot write: beyond a double (Infinity once parsed),
 * past PostgreSQL's `integer`, in exponent form. Written into the body text as they are.
 */
const rawNumbers = ["1e309", "-1e309", "2147483648", "-2147483649", "1e3", "1.0", "-0"];

function valueAt(base: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], base);
}

/**
 * Whole-body junk, the valid-looking body, every leaf replaced by each nasty value or removed, and
 * (as body text) every numeric leaf written as each raw number.
 */
function bodies(def: CallDef): { base: unknown; variants: unknown[]; raw: string[] } {
  if (!def.body) return { base: {}, variants: [...nasty, {}], raw: [] };
  const base = sample(schemaOf(def.body));
  const variants: unknown[] = [...nasty, base, { ...(base as object), unexpected: "field" }];
  const raw: string[] = [];
  const marker = "__raw_number__";
  for (const path of leaves(base)) {
    for (const value of nasty) variants.push(withValue(base, path, value));
    variants.push(withValue(base, path, remove));
    if (typeof valueAt(base, path) === "number") {
      const text = JSON.stringify(withValue(base, path, marker));
      for (const number of rawNumbers) raw.push(text.replace(`"${marker}"`, number));
    }
  }
  return { base, variants, raw };
}

const textValues = [
  "1",
  "-1",
  "0",
  "2147483647",
  "2147483648",
  "-2147483649",
  "99999999999999999999",
  "1e3",
  "0x10",
  "1e-7",
  "1e309",
  "NaN",
  "%00",
  "😀",
  "x".repeat(5_000),
  "a/b",
  "' or 1=1 --",
];

function paramSets(def: CallDef): Record<string, string>[] {
  const keys = Object.keys(schemaOf(def.params).properties ?? {});
  if (keys.length === 0) return [{}];
  return textValues.map((value) => Object.fromEntries(keys.map((key) => [key, value])));
}

function querySets(def: CallDef): Record<string, string>[] {
  const keys = Object.keys(schemaOf(def.query).properties ?? {});
  return [{}, ...textValues.map((value) => Object.fromEntries(keys.map((key) => [key, value])))];
}

function check(id: string, response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${id} ${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { code: unknown; message: unknown };
    expect(typeof body.code, `${id} ${what}`).toBe("number");
    expect(body.code, `${id} ${what}`).toBe(response.statusCode);
    expect(typeof body.message, `${id} ${what}`).toBe("string");
  }
}

const safePath = (path: string, params: Record<string, string>) => {
  try {
    return fillPath(path, params);
  } catch {
    return path;
  }
};

/** A multipart body from field parts, with an optional file part and a way to break it. */
function multipart(fields: [string, string][], options: { file?: boolean; unterminated?: boolean } = {}) {
  const parts = fields.map(
    ([name, value]) => `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (options.file) {
    parts.push(
      '--zz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n',
    );
  }
  return parts.join("") + (options.unterminated ? "--zz" : "--zz--\r\n");
}

/** Field lists for a multipart call: valid-looking, each field nasty or missing, repeated, too many. */
function multipartVariants(def: CallDef): { payload: string; what: string }[] {
  const base = Object.entries(sample(schemaOf(def.body)) as Record<string, unknown>).map(
    ([key, value]) => [key, String(value)] as [string, string],
  );
  const strings = nasty.filter((value): value is string => typeof value === "string");
  const variants = [{ payload: multipart(base), what: "valid-looking" }];
  for (const [index, [key]] of base.entries()) {
    for (const value of [...strings, "x".repeat(9_000)]) {
      const fields = base.map((field, at) => (at === index ? ([key, value] as [string, string]) : field));
      variants.push({ payload: multipart(fields), what: `${key}=${value.slice(0, 20)}` });
    }
    variants.push({ payload: multipart(base.filter((_, at) => at !== index)), what: `${key} missing` });
    variants.push({ payload: multipart([...base, base[index]!]), what: `${key} twice` });
  }
  const many = Array.from({ length: 20 }, (_, index) => [`extra${index}`, "x"] as [string, string]);
  variants.push({ payload: multipart([...base, ...many]), what: "too many fields" });
  variants.push({ payload: multipart(base, { file: true }), what: "a file part" });
  variants.push({ payload: multipart(base, { unterminated: true }), what: "unterminated" });
  variants.push({ payload: "--zz\r\n\r\n--zz--", what: "part without headers" });
  variants.push({ payload: "not multipart at all", what: "no parts" });
  return variants;
}

const rawJson = [
  "{not json",
  "",
  "[",
  "\u0000",
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
  "x".repeat(5 * 1024 * 1024),
];

const wrongTypes = [
  ["text/plain", "hello"],
  ["application/xml", "<a/>"],
  ["application/x-www-form-urlencoded", "a=1&b=2"],
  ["application/json; charset=latin-1", "{}"],
] as const;

const tokens = [undefined, budi];
const badAuthorization = [
  "Bearer",
  "Bearer not-a-token",
  `Bearer ${"x".repeat(5_000)}`,
  "Basic YTpi",
  "bearer\u0000x",
];

describe("API fuzz from the contract", () => {
  for (const def of Object.values(calls) as CallDef[]) {
    it(`${def.id}: never 5xx, always { code, message }`, async () => {
      const inject = (options: InjectOptions) => app().inject(options);
      for (const authorization of badAuthorization) {
        const url = safePath(def.path, paramSets(def)[0]!);
        const response = await inject({ method: def.method, url, headers: { authorization } });
        check(def.id, response, `authorization ${authorization.slice(0, 20)}`);
      }
      for (const token of tokens) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        if (def.method === "GET") {
          for (const params of paramSets(def)) {
            for (const query of querySets(def)) {
              const response = await inject({
                method: "GET",
                url: safePath(def.path, params),
                query,
                headers,
              });
              check(
                def.id,
                response,
                `params ${JSON.stringify(params).slice(0, 40)} query ${JSON.stringify(query).slice(0, 40)}`,
              );
            }
          }
          continue;
        }

        const [first, ...otherParams] = paramSets(def);
        const url = safePath(def.path, first!);
        const json = { ...headers, "content-type": "application/json" };
        // Every body variant on the first params; the valid-looking body on every other params and query.
        if (def.bodyType === "multipart") {
          for (const { payload, what } of multipartVariants(def)) {
            const response = await inject({
              method: def.method,
              url,
              headers: { ...headers, "content-type": "multipart/form-data; boundary=zz" },
              payload,
            });
            check(def.id, response, `multipart ${what}`);
          }
          const noBoundary = await inject({
            method: def.method,
            url,
            headers: { ...headers, "content-type": "multipart/form-data" },
            payload: multipart([["a", "b"]]),
          });
          check(def.id, noBoundary, "multipart without boundary");
        } else {
          const { base, variants, raw } = bodies(def);
          for (const payload of variants) {
            const response = await inject({
              method: def.method,
              url,
              headers: json,
              payload: JSON.stringify(payload),
            });
            check(def.id, response, `body ${JSON.stringify(payload).slice(0, 80)}`);
          }
          for (const payload of raw) {
            const response = await inject({ method: def.method, url, headers: json, payload });
            check(def.id, response, `raw number body ${payload.slice(0, 120)}`);
          }
          for (const params of otherParams) {
            const response = await inject({
              method: def.method,
              url: safePath(def.path, params),
              headers: json,
              payload: JSON.stringify(base),
            });
            check(def.id, response, `params ${JSON.stringify(params).slice(0, 40)}`);
          }
          for (const query of querySets(def)) {
            const response = await inject({
              method: def.method,
              url,
              query,
              headers: json,
              payload: JSON.stringify(base),
            });
            check(def.id, response, `query ${JSON.stringify(query).slice(0, 40)}`);
          }
          const broken = await inject({
            method: def.method,
            url,
            headers: { ...headers, "content-type": "multipart/form-data; boundary=zz" },
            payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz',
          });
          check(def.id, broken, "broken multipart");
        }
        for (const raw of rawJson) {
          const response = await inject({ method: def.method, url, headers: json, payload: raw });
          check(def.id, response, `raw ${raw.slice(0, 16)}`);
        }
        for (const [type, payload] of wrongTypes) {
          const response = await inject({
            method: def.method,
            url,
            headers: { ...headers, "content-type": type },
            payload,
          });
          check(def.id, response, `content-type ${type}`);
        }
        const untyped = await inject({ method: def.method, url, headers, payload: "{}" });
        check(def.id, untyped, "no content-type");
      }
      // Nothing a body said reached the objects of the process.
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    }, 60_000);
  }
});

describe("numbers past a PostgreSQL integer", () => {
  it("are refused with 400 in every path and body that takes a number", async () => {
    const requests: InjectOptions[] = [
      { method: "POST", url: "/api/demo/orders/2147483648/advance", payload: { minutes: 5 } },
      { method: "POST", url: "/api/demo/orders/-1/advance", payload: { minutes: 5 } },
      { method: "POST", url: "/api/demo/orders/1e309/advance", payload: { minutes: 5 } },
      { method: "POST", url: "/api/demo/kiosk/scan", payload: { code: "PXB-T-NOPE", boxId: 2_147_483_648 } },
      { method: "POST", url: "/api/demo/kiosk/scan", payload: { code: "PXB-T-NOPE", boxId: "2147483648" } },
      {
        method: "GET",
        url: "/api/v1/box/express/info/2147483648/paid",
        headers: { authorization: `Bearer ${budi}` },
      },
      { method: "GET", url: "/api/v1/box/lockers/2147483648/sizes" },
      { method: "GET", url: "/api/v1/dropoff/overdue/2147483648" },
      {
        method: "POST",
        url: "/api/v1/box/express/cancelRent",
        headers: { authorization: `Bearer ${budi}`, "content-type": "application/json" },
        payload: '{"id":1e309}',
      },
    ];
    for (const request of requests) {
      const response = await app().inject(request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
    }
  });

  it("are refused in a path or query unless written in decimal digits", async () => {
    for (const id of ["1e3", "0x10", "12.0", "+12", "1%202"]) {
      const response = await app().inject({ method: "GET", url: `/api/v1/dropoff/overdue/${id}` });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
    }
    // In a JSON body, a number is a number however it is written.
    const cancelled = await app().inject({
      method: "POST",
      url: "/api/v1/box/express/cancelRent",
      headers: { authorization: `Bearer ${budi}`, "content-type": "application/json" },
      payload: '{"id":1e3}',
    });
    expect(cancelled.statusCode).not.toBe(400);
  });
});

describe("demo pages outside the contract", () => {
  it("kiosk, sandbox checkout and its actions never answer 5xx", async () => {
    const requests: InjectOptions[] = [
      { method: "GET" as const, url: "/demo/kiosk" },
      ...["", "code=", `code=${"x".repeat(10_000)}`, "code=PXB-T-NOPE&boxId=-1", "boxId=abc", "%%%"].map(
        (payload) => ({
          method: "POST" as const,
          url: "/demo/kiosk",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload,
        }),
      ),
      {
        method: "POST" as const,
        url: "/demo/kiosk",
        headers: { "content-type": "application/json" },
        payload: "{",
      },
      ...["NOPE", "x".repeat(300), "%00", "..%2F..%2Fetc"].map((reference) => ({
        method: "GET" as const,
        url: `/demo/pay/${reference}`,
      })),
      ...["pay", "fail", "cancel", "return", "explode"].map((action) => ({
        method: "POST" as const,
        url: `/demo/pay/NOPE/${action}`,
      })),
    ];
    for (const request of requests) {
      const response = await app().inject(request);
      expect(
        response.statusCode,
        `${request.method} ${request.url}: ${response.body.slice(0, 200)}`,
      ).toBeLessThan(500);
    }
  });
});
