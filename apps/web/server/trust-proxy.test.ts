import { fastifyTrustProxy, parseTrustProxy } from "@paxelbox/contract";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clientAddressHeader } from "../src/lib/security/csp.ts";
import { toWebRequest } from "./app.ts";

/** The page's request the loaders see, for a visit from `remoteAddress` with these headers. */
async function pageRequest(
  trustProxy: string | undefined,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<{ address: string | null; url: string }> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(trustProxy)) });
  app.get("/o/abc", async (request, reply) => {
    const webRequest = toWebRequest(request, reply, "https://box.example");
    return { address: webRequest.headers.get(clientAddressHeader), url: webRequest.url };
  });
  try {
    const response = await app.inject({ url: "/o/abc", remoteAddress, headers });
    return response.json() as { address: string | null; url: string };
  } finally {
    await app.close();
  }
}

/** The address the loaders forward to the API. */
const visitorAddress = async (...args: Parameters<typeof pageRequest>) =>
  (await pageRequest(...args)).address;

describe("TRUST_PROXY of the web server", () => {
  it("reads the forms the API reads, and refuses to trust every hop", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, ::1")).toEqual(["10.0.0.0/8", "::1"]);
    for (const bad of ["true", "*", "0.0.0.0/0", "11", "lb.internal", "10.0.0.0/40"]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the visitor's address the web server hands its loaders", () => {
  // The visitor's own copy of the private header, which must never win.
  const forged = { [clientAddressHeader]: "192.0.2.66" };

  it("is the socket's without TRUST_PROXY, loopback included, whatever the visitor wrote", async () => {
    const headers = { ...forged, "x-forwarded-for": "198.51.100.1" };
    expect(await visitorAddress(undefined, "203.0.113.9", headers)).toBe("203.0.113.9");
    expect(await visitorAddress(undefined, "127.0.0.1", headers)).toBe("127.0.0.1");
  });

  it("is the one the trusted proxies saw, never what the visitor wrote before them", async () => {
    const headers = { ...forged, "x-forwarded-for": "198.51.100.1, 203.0.113.9" };
    expect(await visitorAddress("1", "10.0.0.5", headers)).toBe("203.0.113.9");
    expect(await visitorAddress("10.0.0.0/8", "10.0.0.5", headers)).toBe("203.0.113.9");
    // Not from a listed proxy: the socket's.
    expect(await visitorAddress("10.0.0.0/8", "198.51.100.7", headers)).toBe("198.51.100.7");
  });

  it("is on a page whose address is the configured origin, whatever Host and X-Forwarded-* say", async () => {
    const headers = { host: "web.internal", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };
    expect((await pageRequest(undefined, "203.0.113.9", headers)).url).toBe("https://box.example/o/abc");
    expect((await pageRequest("1", "10.0.0.5", headers)).url).toBe("https://box.example/o/abc");
  });
});
