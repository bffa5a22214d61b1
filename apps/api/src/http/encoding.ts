import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

/**
 * The compression to answer with for an `Accept-Encoding` header: Brotli, else gzip, else none.
 * Codings the client refuses with `q=0` do not count; `*` accepts both.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/**
 * Compresses synchronously, so on the request path: Brotli at quality 5, not its default 11, which
 * takes ~50 ms for a 10 KB picture on a busy machine for 10 % fewer bytes (about 0.8 ms at 5).
 */
export function encode(text: string, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(text, { level: 6 });
}
