import { type CallDef, calls, fillPath } from "@paxelbox/contract";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { budi, useApp } from "./helpers.ts";

/**
 * Bad input for every route, generated from the contract: wrong types, missing fields, huge
 * strings, unicode, negative and huge numbers, malformed JSON and multipart. The API must never
 * answer 5xx, and every refusal must be `{ code, message }`.
 */

const app = useApp({ RATE_LIMIT_FACTOR: "1000" });

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

const nasty: unknown[] = [
  null,
  true,
  -1,
  -2_147_483_649,
  1e308,
  0.5,
  "",
  " ",
  "x".repeat(100_000),
  "😀🇮🇩 ناس \u202e\u0000",
  "'; drop table orders; --",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  [],
  [1, 2, 3],
  {},
  { $gt: "" },
];

/** Valid-looking values per JSON type, so that one wrong field at a time is tested. */
function sample(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema?.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case "array":
      return [sample(schema?.items)];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return "a";
  }
}

function schemaOf(type: z.core.$ZodType | undefined): JsonSchema {
  return type ? (z.toJSONSchema(type, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};
}

/** Bodies with one field at a time replaced by each nasty value, plus whole-body junk. */
function bodies(def: CallDef): unknown[] {
  if (!def.body) return [];
  const schema = schemaOf(def.body);
  const base = sample(schema) as Record<string, unknown>;
  const variants: unknown[] = [...nasty, base];
  for (const key of Object.keys(schema.properties ?? {})) {
    for (const value of nasty) variants.push({ ...base, [key]: value });
    const { [key]: _missing, ...rest } = base;
    variants.push(rest);
  }
  return variants;
}

const textValues = [
  "-1",
  "0",
  "99999999999999999999",
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

function check(def: CallDef, response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${def.id} ${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { code: unknown; message: unknown };
    expect(typeof body.code, `${def.id} ${what}`).toBe("number");
    expect(typeof body.message, `${def.id} ${what}`).toBe("string");
  }
}

const safePath = (path: string, params: Record<string, string>) => {
  try {
    return fillPath(path, params);
  } catch {
    return path;
  }
};

describe("API fuzz from the contract", () => {
  for (const def of Object.values(calls) as CallDef[]) {
    it(`${def.id}: never 5xx, always { code, message }`, async () => {
      for (const token of [undefined, budi]) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        for (const params of paramSets(def)) {
          for (const query of querySets(def)) {
            const url = safePath(def.path, params);
            if (def.method === "GET") {
              check(
                def,
                await app().inject({ method: "GET", url, query, headers }),
                `params ${JSON.stringify(params).slice(0, 40)}`,
              );
              continue;
            }
            const payloads = def.bodyType === "multipart" ? [] : bodies(def);
            for (const payload of payloads.slice(0, query === undefined ? undefined : 40)) {
              const response = await app().inject({
                method: def.method,
                url,
                query,
                headers: { ...headers, "content-type": "application/json" },
                payload: JSON.stringify(payload),
              });
              check(def, response, `body ${JSON.stringify(payload).slice(0, 60)}`);
            }
            for (const raw of ["{not json", "", "[", "\u0000", "x".repeat(5 * 1024 * 1024)]) {
              const response = await app().inject({
                method: def.method,
                url,
                headers: { ...headers, "content-type": "application/json" },
                payload: raw,
              });
              check(def, response, `raw ${raw.slice(0, 10)}`);
            }
            const multipart = await app().inject({
              method: def.method,
              url,
              headers: { ...headers, "content-type": "multipart/form-data; boundary=zz" },
              payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz',
            });
            check(def, multipart, "broken multipart");
            break;
          }
        }
      }
    });
  }
});
