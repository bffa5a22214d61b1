import { config } from "zod/mini";

/**
 * The pages' Content-Security-Policy allows no eval, so zod's compiled fast path can never run in
 * the browser; left alone, zod probes with `new Function("")` when it builds an object schema and
 * the browser files a CSP violation. Imported first by root.tsx, before any schema is built (the
 * server keeps the fast path).
 */
if (typeof document !== "undefined") config({ jitless: true });
