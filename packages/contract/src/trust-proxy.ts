import * as z from "zod/mini";

/**
 * TRUST_PROXY, the one setting the API and the web server both read (they share no other code):
 * which proxies may say who the visitor is, in Fastify's `trustProxy` forms.
 *
 * - unset, empty, `0` or `false`: none; the visitor is the socket's address;
 * - a number (1 to 10): that many proxies in front, each appending to X-Forwarded-For; only where
 *   they are the only way in (a visitor who reaches the server directly could write the hops);
 * - otherwise a comma-separated list of proxy addresses and CIDR ranges (or proxy-addr's names
 *   `loopback`, `linklocal`, `uniquelocal`).
 *
 * Trusting every hop (`true`, `*`, a /0 range) would let a visitor write its own address into
 * X-Forwarded-For and escape every per-address limit: refused, with the reason.
 */
export type TrustProxy = false | number | string[];

const rangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
const everyHop =
  "TRUST_PROXY must not trust every hop (a visitor would choose its own address): give the number of proxies in front of the server (1 for one load balancer) or their addresses/CIDR ranges";

/** The TRUST_PROXY variable, parsed; a bad value is an issue that names it. */
export const TrustProxySetting = z.pipe(
  z.optional(z.string()),
  z.transform((value, context): TrustProxy => {
    const text = value?.trim() ?? "";
    if (text === "" || text === "0" || text === "false") return false;
    const fail = (message: string) => {
      context.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    };
    if (text === "true" || text === "*") return fail(everyHop);
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      return hops <= 10
        ? hops
        : fail("TRUST_PROXY: a hop count is 1 to 10 (the proxies in front of the server)");
    }
    const entries = text
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (rangeNames.has(entry)) continue;
      if (!proxyAddress.safeParse(entry).success) {
        return fail(
          `TRUST_PROXY: "${entry}" is neither a hop count nor a proxy address or CIDR range (e.g. 1, or 10.0.0.0/8,192.168.1.5)`,
        );
      }
      if (/\/0+$/.test(entry)) return fail(`TRUST_PROXY: "${entry}" trusts every address. ${everyHop}`);
    }
    return entries;
  }),
);

/** Parses TRUST_PROXY, or throws its issue as an Error (start-up stops with the reason). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const parsed = TrustProxySetting.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join("; "));
  return parsed.data;
}

/**
 * Headers of the web server's own calls to the API (server rendering): the address of the visitor
 * it renders for, believed by the API only beside the secret both share (INTERNAL_API_SECRET).
 */
export const clientAddressHeader = "x-paxelbox-client-address";
export const internalSecretHeader = "x-paxelbox-internal-secret";

/**
 * As Fastify's `trustProxy` option. A hop count becomes a function: Fastify trusts nothing for a
 * bare number, since a visitor that reaches the server directly could write the hops itself.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
