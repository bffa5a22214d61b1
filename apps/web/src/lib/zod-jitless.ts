/**
 * The pages' Content-Security-Policy allows no eval, so zod's compiled fast path can never run in
 * the browser; left alone, zod probes with `new Function("")` when it builds an object schema and
 * the browser files a CSP violation on every page. zod keeps its settings on
 * `globalThis.__zod_globalConfig` and keeps an object it finds there, so this sets `jitless`
 * without loading zod into every page. Imported first by root.tsx, before any schema is built (the
 * server keeps the fast path).
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof document !== "undefined") {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
}

export {};
