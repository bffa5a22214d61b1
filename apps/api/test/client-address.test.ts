import { readFileSync } from "node:fs";
import path from "node:path";
import {
  calls,
  internalSecretHeader,
  clientAddressHeader as webClientAddressHeader,
} from "@paxelbox/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { tokenGuessCeiling, tokenGuessLimit } from "../src/plugins/auth.ts";
import { budi, call, failure, lockerOrderBody, ok, scenario, useApp } from "./helpers.ts";

/**
 * Whose guesses a limit counts (docs/security.md, "Authorisation and rate limits"): the socket's
 * address, unless proxies TRUST_PROXY names say otherwise, or the web server proves with the shared
 * secret that it calls for a visitor. A client never picks its own address, and a token somebody
 * holds is served whatever its address has guessed.
 */

const expect429 = (response: LightMyRequestResponse) => {
  failure(response, 429);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(response.headers["retry-after"])).toBeLessThanOrEqual(60);
};

/** A members-auth lookup of `token`, from `remoteAddress` with these headers. */
const auth = (
  app: FastifyInstance,
  token: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => app.inject({ url: calls.validateUser.path, query: { token }, remoteAddress, headers });

/** Guesses from one client, each with another forged X-Forwarded-For, until the limit's last. */
async function forgedGuesses(
  app: FastifyInstance,
  remoteAddress: string,
  forwardedFor: (i: number) => string,
): Promise<void> {
  for (let i = 0; i < tokenGuessLimit.max; i++) {
    failure(await auth(app, `guess-${i}`, remoteAddress, { "x-forwarded-for": forwardedFor(i) }), 401);
  }
}

const secret = "a-secret-the-web-server-and-api-share-0123456789";

describe("without TRUST_PROXY", () => {
  const app = useApp({ INTERNAL_API_SECRET: secret });

  it("counts a loopback caller's guesses for its socket, whatever X-Forwarded-For it writes", async () => {
    await forgedGuesses(app(), "127.0.0.1", (i) => `198.51.100.${i + 1}`);
    expect429(await auth(app(), "guess-last", "127.0.0.1", { "x-forwarded-for": "198.51.100.200" }));
  });

  it("counts a distant caller's guesses for its socket, whatever X-Forwarded-For it writes", async () => {
    await forgedGuesses(app(), "203.0.113.10", (i) => `10.0.0.${i + 1}`);
    expect429(await auth(app(), "guess-last", "203.0.113.10", { "x-forwarded-for": "10.0.0.200" }));
  });

  it("counts the web server's calls for the visitor it names, when it proves itself with the secret", async () => {
    const fromWebServer = (visitor: string, proof = secret) => ({
      [webClientAddressHeader]: visitor,
      [internalSecretHeader]: proof,
    });
    for (let i = 0; i < tokenGuessLimit.max; i++) {
      failure(await auth(app(), `guess-${i}`, "127.0.0.2", fromWebServer("192.0.2.1")), 401);
    }
    expect429(await auth(app(), "guess-last", "127.0.0.2", fromWebServer("192.0.2.1")));
    // Another visitor of the same web server guesses on their own account.
    failure(await auth(app(), "guess-other", "127.0.0.2", fromWebServer("192.0.2.2")), 401);
    // Without the secret (or with a wrong one) the named visitor is ignored: the socket counts.
    for (let i = 0; i < tokenGuessLimit.max; i++) {
      const forged = fromWebServer(`192.0.2.${100 + i}`, `${secret.slice(0, -1)}x`);
      failure(await auth(app(), `guess-${i}`, "127.0.0.3", forged), 401);
    }
    expect429(await auth(app(), "guess-last", "127.0.0.3", { [webClientAddressHeader]: "192.0.2.250" }));
  });

  it("counts an IPv6 caller by its /64, and IPv4 mapped into IPv6 as IPv4", async () => {
    // Addresses of one /64, each guess from another: one count.
    for (let i = 0; i < tokenGuessLimit.max; i++) {
      failure(await auth(app(), `guess-${i}`, `2001:db8:1:2::${(0x65 + i).toString(16)}`), 401);
    }
    expect429(await auth(app(), "guess-last", "2001:db8:1:2::a3"));
    expect429(await auth(app(), "guess-last", "2001:DB8:1:2:0:0:0:1"));
    // The next /64 is another subscriber.
    failure(await auth(app(), "guess-other", "2001:db8:1:3::1"), 401);

    for (let i = 0; i < tokenGuessLimit.max; i++) {
      const remoteAddress = i % 2 === 0 ? "203.0.113.50" : "::ffff:203.0.113.50";
      failure(await auth(app(), `guess-${i}`, remoteAddress), 401);
    }
    expect429(await auth(app(), "guess-last", "203.0.113.50"));
    failure(await auth(app(), "guess-other", "203.0.113.51"), 401);
  });

  it("serves a token somebody holds to an address past its guesses, on every kind of token", async () => {
    const remoteAddress = "203.0.113.20";
    const link = await scenario(app(), "dropoff-in-store");
    const orderid = Number(link.get("orderid"));
    const linkToken = link.get("token") ?? "";
    const accessToken = ok(
      calls.paymentToken,
      await call(app(), calls.paymentToken, { token: budi }),
    ).access_token;
    for (let i = 0; i < tokenGuessLimit.max; i++)
      failure(await auth(app(), `guess-${i}`, remoteAddress), 401);
    expect429(await auth(app(), "guess-last", remoteAddress));

    // The members auth call, a bearer call and a payment call, all from the same address.
    expect((await auth(app(), budi, remoteAddress)).statusCode).toBe(200);
    const detail = await app().inject({
      url: calls.overdueDropoffDetail.path.replace("{orderid}", String(orderid)),
      headers: { authorization: `Bearer ${linkToken}` },
      remoteAddress,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const pay = (token: string) =>
      app().inject({
        method: "POST",
        url: calls.lockerOrderPayment.path,
        query: { access_token: token },
        payload: lockerOrderBody(999_999, "http://localhost/order-status?orderid=999999"),
        remoteAddress,
      });
    // The access token is served: what answers is the order's absence, not the address's guesses.
    failure(await pay(accessToken), 404);
    // Wrong tokens stay refused.
    expect429(await pay("guess-payment"));
    expect429(
      await app().inject({
        url: calls.overdueDropoffDetail.path.replace("{orderid}", String(orderid)),
        headers: { authorization: "Bearer guess-bearer" },
        remoteAddress,
      }),
    );
  });
});

describe("with TRUST_PROXY", () => {
  describe("a hop count", () => {
    const app = useApp({ TRUST_PROXY: "1" });

    it("counts the address the load balancer saw, not the one the client wrote before it", async () => {
      // The balancer (10.0.0.5) appends the address it saw; the client wrote the rest.
      await forgedGuesses(app(), "10.0.0.5", (i) => `198.51.100.${i + 1}, 203.0.113.30`);
      expect429(
        await auth(app(), "guess-last", "10.0.0.5", { "x-forwarded-for": "198.51.100.99, 203.0.113.30" }),
      );
      // Another client behind the same balancer is another address.
      failure(await auth(app(), "guess-other", "10.0.0.5", { "x-forwarded-for": "203.0.113.31" }), 401);
    });
  });

  describe("a list of proxies", () => {
    const app = useApp({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5" });

    it("counts the address the proxies saw, whatever the client wrote before it", async () => {
      await forgedGuesses(app(), "10.1.2.3", (i) => `198.51.100.${i + 1}, 203.0.113.40, 192.168.1.5`);
      expect429(
        await auth(app(), "guess-last", "10.1.2.3", {
          "x-forwarded-for": "198.51.100.99, 203.0.113.40, 192.168.1.5",
        }),
      );
    });

    it("ignores X-Forwarded-For from any other address", async () => {
      await forgedGuesses(app(), "203.0.113.41", (i) => `198.51.100.${i + 1}`);
      expect429(await auth(app(), "guess-last", "203.0.113.41", { "x-forwarded-for": "198.51.100.99" }));
    });

    it("never honours the web server's header without the secret", async () => {
      for (let i = 0; i < tokenGuessLimit.max; i++) {
        const named = { [webClientAddressHeader]: `192.0.2.${i + 1}`, [internalSecretHeader]: secret };
        failure(await auth(app(), `guess-${i}`, "203.0.113.42", named), 401);
      }
      expect429(await auth(app(), "guess-last", "203.0.113.42"));
    });
  });
});

describe("the ceiling of failed lookups over all addresses", () => {
  const app = useApp();

  it("refuses guesses from every address past it, and still serves tokens somebody holds", async () => {
    const perAddress = tokenGuessLimit.max - 1;
    let address = 0;
    for (let i = 0; i < tokenGuessCeiling.max; i++) {
      if (i % perAddress === 0) address++;
      failure(await auth(app(), `guess-${i}`, `198.18.${address}.1`), 401);
    }
    const fresh = "198.19.0.1";
    expect429(await auth(app(), "guess-last", fresh));
    expect((await auth(app(), budi, fresh)).statusCode).toBe(200);
    const rejections = await app().metrics.rateLimitRejections.get();
    const overall = rejections.values.find((value) => value.labels.limit === tokenGuessCeiling.name);
    expect(overall?.value).toBe(1);
  });

  it("has an alert rule on its refusals", () => {
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../../deploy/prometheus/alerts.yml"),
      "utf8",
    );
    expect(rules).toContain(`paxelbox_rate_limit_rejections_total{limit="${tokenGuessCeiling.name}"}`);
  });
});
