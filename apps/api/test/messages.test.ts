import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { calls, messageKeys } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { acceptedLanguage, messages, renderMessage } from "../src/http/messages.ts";
import { bankInterfaceBody, budi, call, failure, sari, scenario, useApp } from "./helpers.ts";

/**
 * Every message the API sends to a person exists in Indonesian and English, under a key the
 * contract lists, and reaches the caller in their language: a member's own, else Accept-Language,
 * else Indonesian.
 */

const app = useApp();
const sourceRoot = path.resolve(import.meta.dirname, "../src");
const keys = new Set<string>(messageKeys);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The arguments of the call whose "(" is at `open`, split at its top-level commas. */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (let at = open + 1; at < text.length; at++) {
    const char = text[at] as string;
    if (quote) {
      current += char;
      if (char === "\\") current += text[++at] ?? "";
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) {
      if (depth === 0) break;
      depth--;
    } else if (char === "," && depth === 0) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) args.push(current.trim());
  return args;
}

/** Where the message key sits among each raising call's arguments. */
const raisers: Record<string, number> = {
  badRequest: 0,
  unauthorized: 0,
  notFound: 0,
  conflict: 0,
  gone: 0,
  httpError: 1,
  "new HttpError": 1,
  sendMessage: 3,
};
/** The plumbing that passes a key on, rather than naming one. */
const plumbing = ["http/errors.ts", "http/idempotency.ts", "plugins/error-handler.ts"];

describe("message catalogue", () => {
  it("has a non-empty Indonesian and English text for every key the contract lists, with the same placeholders", () => {
    expect(Object.keys(messages).sort()).toEqual([...messageKeys].sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const key of messageKeys) {
      const { id, en } = messages[key];
      expect(id.trim(), `${key} (id)`).not.toBe("");
      expect(en.trim(), `${key} (en)`).not.toBe("");
      expect(placeholders(id), key).toEqual(placeholders(en));
    }
  });

  it("words what the pages show a person as a person reads it, without the protocol's terms", () => {
    // The web-view pages show these under 'Oops...' (spec §8): a link opened without its token,
    // a session or link that ended, too many tries, an order that is not there.
    const shown = [
      "tokenMissing",
      "tokenInvalid",
      "linkExpired",
      "tooManyRequests",
      "orderNotFound",
    ] as const;
    for (const key of shown) {
      for (const text of [messages[key].id, messages[key].en]) {
        expect(text, key).not.toMatch(/Authorization|Bearer|token|<|HTTP/i);
      }
    }
  });

  it("every error raised in src names a catalogued key, and every key is raised somewhere", () => {
    const pattern = new RegExp(`(?<![\\w.])(${Object.keys(raisers).join("|")})\\(`, "g");
    const raised = new Set<string>();
    const problems: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(sourceRoot)) {
      const relative = path.relative(sourceRoot, file);
      if (relative === "http/messages.ts") continue;
      const text = readFileSync(file, "utf8");
      for (const literal of text.matchAll(/"(\w+)"/g)) if (keys.has(literal[1]!)) raised.add(literal[1]!);
      // Only the API's own errors: a file raising them imports them.
      if (!/from "(\.\.?\/)+(http\/)?errors\.ts"|from "\.\/errors\.ts"|class HttpError/.test(text)) continue;
      for (const match of text.matchAll(pattern)) {
        const name = match[1] as string;
        const argument = argumentsAt(text, (match.index ?? 0) + match[0].length - 1)[raisers[name] as number];
        const line = text.slice(0, match.index).split("\n").length;
        checked++;
        const literal = /^"(\w+)"$/.exec(argument ?? "")?.[1];
        if (literal === undefined) {
          if (!plumbing.includes(relative)) problems.push(`${relative}:${line} ${name}(… ${argument} …)`);
        } else if (!keys.has(literal))
          problems.push(`${relative}:${line} ${name}("${literal}") is not catalogued`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(60);
    expect(messageKeys.filter((key) => !raised.has(key))).toEqual([]);
  });

  it("reads Accept-Language: quality first, then order; Indonesian by default", () => {
    expect(acceptedLanguage(undefined)).toBe("id");
    expect(acceptedLanguage("")).toBe("id");
    expect(acceptedLanguage("en")).toBe("en");
    expect(acceptedLanguage("en-US,en;q=0.9")).toBe("en");
    expect(acceptedLanguage("id-ID,id;q=0.9,en-US;q=0.8")).toBe("id");
    expect(acceptedLanguage("fr-FR, en;q=0.5")).toBe("en");
    expect(acceptedLanguage("en;q=0.2, id")).toBe("id");
    expect(acceptedLanguage("in")).toBe("id");
    expect(acceptedLanguage("en;q=0")).toBe("id");
    expect(acceptedLanguage("de, *;q=0.1")).toBe("id");
    expect(renderMessage("orderNotFound", { id: 7 }, "id")).toBe("Order 7 tidak ditemukan.");
  });
});

describe("messages in the caller's language", () => {
  const english = { "accept-language": "en-US,en;q=0.9" };

  it("an unknown session: Indonesian by default, English when the browser asks for it", async () => {
    const orderid = 1;
    const plain = await call(app(), calls.orderDetail, { params: { orderid }, token: "forged" });
    expect(failure(plain, 401)).toBe(
      "Sesi kamu sudah tidak berlaku. Silakan buka halaman ini lagi dari aplikasi.",
    );
    expect(plain.json().key).toBe("tokenInvalid");
    const asked = await call(app(), calls.orderDetail, {
      params: { orderid },
      token: "forged",
      headers: english,
    });
    expect(failure(asked, 401)).toBe(
      "Your session is not valid any more. Please open this page again from the app.",
    );
    expect(asked.json().key).toBe("tokenInvalid");
  });

  it("a member's own language wins: 'Ditolak?' carries Indonesian for Budi, English for Sari", async () => {
    const budiRent = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    const refusedBudi = await call(app(), calls.cancelRent, {
      body: { id: budiRent },
      token: budi,
      headers: english,
    });
    expect(failure(refusedBudi, 409)).toBe(
      "Sewa ini tidak bisa dibatalkan lagi: barang sudah disimpan atau sewa sudah berakhir.",
    );
    expect(refusedBudi.json().key).toBe("rentNotCancellable");

    const created = await app().inject({
      method: "POST",
      url: "/api/demo/scenarios/rent-in-store?language=en",
    });
    const sariUrl = new URL((created.json() as { data: { url: string } }).data.url, "http://x");
    const refusedSari = await call(app(), calls.cancelRent, {
      body: { id: Number(sariUrl.searchParams.get("orderid")) },
      token: sari,
      headers: { "accept-language": "id" },
    });
    expect(failure(refusedSari, 409)).toBe(
      "This rent can no longer be cancelled: items have been stored or the rent has ended.",
    );
  });

  it("the payment service's refusals too", async () => {
    const orderid = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    const order = await call(app(), calls.orderDetail, { params: { orderid }, token: budi });
    const expressNumber = (order.json() as { data: { expressNumber: string } }).data.expressNumber;
    const body = bankInterfaceBody(expressNumber, orderid, "http://localhost");
    // A rent still in its time owes nothing.
    const response = await call(app(), calls.bankInterfacePayment, { body, token: budi });
    expect(failure(response, 409)).toBe("Tidak ada biaya perpanjang sewa yang perlu dibayar.");
    expect(response.json().key).toBe("noOverdueFee");
  });

  it("bad input names the field in either language", async () => {
    const indonesian = await call(app(), calls.validateUser);
    expect(failure(indonesian, 400)).toBe("Data tidak valid (query): token: token is required");
    expect(indonesian.json().key).toBe("invalidInput");
    const asked = await call(app(), calls.validateUser, { headers: english });
    expect(failure(asked, 400)).toBe("Invalid query: token: token is required");
  });
});
