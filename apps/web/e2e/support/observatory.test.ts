import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicyTest,
  cookiesTest,
  corsTest,
  crossOriginResourcePolicyTest,
  type GradedResponse,
  gradeFor,
  gradeResponse,
  redirectionTest,
  referrerPolicyTest,
  strictTransportSecurityTest,
  subresourceIntegrityTest,
  xContentTypeOptionsTest,
  xFrameOptionsTest,
} from "./observatory.ts";

function response(headers: Record<string, string | string[]>, body?: string): GradedResponse {
  const list = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    for (const item of Array.isArray(value) ? value : [value]) list.append(name, item);
  }
  return { url: "https://paxelbox.example/", headers: list, body };
}

const csp = (policy: string) => contentSecurityPolicyTest(response({ "content-security-policy": policy }));

describe("Content-Security-Policy", () => {
  it("rewards default-src 'none' without unsafe sources", () => {
    expect(csp("default-src 'none'; frame-ancestors 'none'")).toMatchObject({
      result: "csp-implemented-with-no-unsafe-default-src-none",
      modifier: 10,
    });
    expect(csp("default-src 'self'; object-src 'none'").modifier).toBe(5);
  });

  it("ignores 'unsafe-inline' next to a nonce, but not in style-src without one", () => {
    expect(csp("default-src 'self'; script-src 'nonce-abc' 'unsafe-inline'").modifier).toBe(5);
    expect(csp("default-src 'self'; style-src 'self' 'unsafe-inline'")).toMatchObject({
      result: "csp-implemented-with-unsafe-inline-in-style-src-only",
      modifier: 0,
      pass: true,
    });
  });

  it("penalises unsafe script and object sources", () => {
    for (const policy of [
      "default-src 'self'; script-src 'self' 'unsafe-inline'",
      "default-src 'self'; script-src 'self' data:",
      "default-src 'self'; script-src https:",
      "default-src 'self'; object-src *",
      "img-src 'self'",
    ]) {
      expect(csp(policy), policy).toMatchObject({
        result: "csp-implemented-with-unsafe-inline",
        modifier: -20,
      });
    }
  });

  it("penalises http: sources, unsafe-eval, and broken or missing policies", () => {
    expect(csp("default-src 'self'; form-action 'self' http:").modifier).toBe(-20);
    expect(csp("default-src 'self'; img-src http:").result).toBe(
      "csp-implemented-with-insecure-scheme-in-passive-content-only",
    );
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-eval'").modifier).toBe(-10);
    expect(csp("default-src 'self'; default-src 'none'").result).toBe("csp-header-invalid");
    expect(csp("default-src 'self'; script-src 'strict-dynamic'").result).toBe("csp-header-invalid");
    expect(contentSecurityPolicyTest(response({})).modifier).toBe(-25);
  });
});

describe("cookies", () => {
  const hsts = { "strict-transport-security": "max-age=31536000" };
  const cookies = (...lines: string[]) => cookiesTest(response({ ...hsts, "set-cookie": lines }));

  it("rewards Secure cookies with SameSite, HttpOnly sessions", () => {
    expect(cookiesTest(response(hsts)).result).toBe("cookies-not-found");
    expect(
      cookies("language=id; Secure; SameSite=Lax", "session=1; Secure; HttpOnly; SameSite=Strict"),
    ).toMatchObject({ result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 });
    expect(cookies("language=id; Secure").modifier).toBe(0);
  });

  it("penalises missing flags, the worst one counting", () => {
    expect(cookies("language=id; SameSite=Lax").result).toBe(
      "cookies-without-secure-flag-but-protected-by-hsts",
    );
    expect(cookiesTest(response({ "set-cookie": "language=id" })).result).toBe("cookies-without-secure-flag");
    expect(cookies("language=id; Secure; SameSite=Sometimes").result).toBe("cookies-samesite-flag-invalid");
    expect(cookies("csrftoken=1; Secure").result).toBe("cookies-anticsrf-without-samesite-flag");
    expect(cookies("sessionid=1; Secure; SameSite=Lax").modifier).toBe(-30);
    expect(cookiesTest(response({ "set-cookie": ["a=1; Secure", "login=1; HttpOnly"] })).modifier).toBe(-40);
  });
});

describe("CORS", () => {
  it("penalises reflecting any origin with credentials only", () => {
    const probe = "https://observatory.example";
    expect(corsTest(response({}), probe).result).toBe("cross-origin-resource-sharing-not-implemented");
    expect(corsTest(response({ "access-control-allow-origin": "*" }), probe).modifier).toBe(0);
    expect(corsTest(response({ "access-control-allow-origin": "https://app.example" }), probe).modifier).toBe(
      0,
    );
    expect(
      corsTest(
        response({ "access-control-allow-origin": probe, "access-control-allow-credentials": "true" }),
        probe,
      ),
    ).toMatchObject({
      result: "cross-origin-resource-sharing-implemented-with-universal-access",
      modifier: -50,
    });
  });
});

describe("redirection", () => {
  it("wants plain HTTP sent to HTTPS on the same host first", () => {
    expect(redirectionTest(null).modifier).toBe(0);
    expect(redirectionTest(["http://a.example/", "https://a.example/"]).result).toBe("redirection-to-https");
    expect(redirectionTest(["http://a.example/"]).modifier).toBe(-20);
    expect(redirectionTest(["http://a.example/", "http://b.example/"]).result).toBe(
      "redirection-not-to-https",
    );
    expect(
      redirectionTest(["http://a.example/", "http://www.a.example/", "https://a.example/"]).modifier,
    ).toBe(-10);
    expect(redirectionTest(["http://a.example/", "https://b.example/"]).modifier).toBe(-5);
  });
});

describe("Referrer-Policy", () => {
  const referrer = (value: string) => referrerPolicyTest(response({ "referrer-policy": value }));
  it("rewards private policies and penalises leaking ones", () => {
    expect(referrer("same-origin")).toMatchObject({ result: "referrer-policy-private", modifier: 5 });
    expect(referrer("no-referrer").modifier).toBe(5);
    expect(referrerPolicyTest(response({})).modifier).toBe(0);
    expect(referrer("unsafe-url").modifier).toBe(-5);
    expect(referrer("no-referrer, unsafe-url").result).toBe("referrer-policy-unsafe");
    expect(referrer("nobody").result).toBe("referrer-policy-header-invalid");
  });
});

describe("Strict-Transport-Security", () => {
  const hsts = (value: string) =>
    strictTransportSecurityTest(response({ "strict-transport-security": value }));
  it("wants six months at least; only the preload list earns a bonus", () => {
    expect(hsts("max-age=31536000; includeSubDomains; preload")).toMatchObject({ modifier: 0, pass: true });
    expect(strictTransportSecurityTest(response({}), true).modifier).toBe(5);
    expect(hsts("max-age=86400").modifier).toBe(-10);
    expect(hsts("includeSubDomains").result).toBe("hsts-header-invalid");
    expect(hsts("max-age=31536000, max-age=1").result).toBe("hsts-header-invalid");
    expect(strictTransportSecurityTest(response({})).modifier).toBe(-20);
  });
});

describe("Subresource Integrity", () => {
  const html = { "content-type": "text/html; charset=utf-8" };
  const sri = (body: string) => subresourceIntegrityTest(response(html, body));
  it("grades script tags of HTML only", () => {
    expect(
      subresourceIntegrityTest(response({ "content-type": "application/json" }, "<script src=x>")).result,
    ).toBe("sri-not-implemented-response-not-html");
    expect(sri("<p>no scripts</p>").result).toBe("sri-not-implemented-but-no-scripts-loaded");
    expect(sri('<script type="module">import "/a.js"</script><script src="/b.js"></script>').modifier).toBe(
      0,
    );
    expect(sri('<script src="/b.js" integrity="sha384-x"></script>').modifier).toBe(5);
    expect(sri('<script src="https://cdn.paxelbox.example/b.js"></script>').modifier).toBe(0);
  });

  it("penalises foreign scripts without integrity or over HTTP", () => {
    expect(sri('<script src="https://cdn.other.example/a.js" integrity="sha384-x"></script>').modifier).toBe(
      5,
    );
    expect(sri('<script src="https://cdn.other.example/a.js"></script>').modifier).toBe(-5);
    expect(sri('<script src="http://cdn.other.example/a.js" integrity="sha384-x"></script>').modifier).toBe(
      -20,
    );
    expect(sri('<script src="//cdn.other.example/a.js"></script>').modifier).toBe(-50);
  });
});

describe("X-Content-Type-Options", () => {
  it("wants nosniff", () => {
    expect(xContentTypeOptionsTest(response({ "x-content-type-options": "nosniff" })).modifier).toBe(0);
    expect(xContentTypeOptionsTest(response({ "x-content-type-options": "sniff" })).modifier).toBe(-5);
    expect(xContentTypeOptionsTest(response({})).modifier).toBe(-5);
  });
});

describe("X-Frame-Options", () => {
  it("rewards frame-ancestors and accepts DENY or SAMEORIGIN", () => {
    expect(
      xFrameOptionsTest(response({ "content-security-policy": "frame-ancestors 'self'" })).modifier,
    ).toBe(5);
    expect(xFrameOptionsTest(response({ "x-frame-options": "DENY" })).modifier).toBe(0);
    expect(xFrameOptionsTest(response({ "x-frame-options": "ALLOWALL" })).modifier).toBe(-20);
    expect(xFrameOptionsTest(response({ "content-security-policy": "default-src 'self'" })).modifier).toBe(
      -20,
    );
  });
});

describe("Cross-Origin-Resource-Policy", () => {
  const corp = (value: string) =>
    crossOriginResourcePolicyTest(response({ "cross-origin-resource-policy": value }));
  it("rewards same-site and same-origin", () => {
    expect(corp("same-site").modifier).toBe(10);
    expect(corp("same-origin").modifier).toBe(10);
    expect(corp("cross-origin").modifier).toBe(0);
    expect(crossOriginResourcePolicyTest(response({})).modifier).toBe(0);
    expect(corp("same-planet")).toMatchObject({ modifier: -5, pass: false });
  });
});

describe("score", () => {
  const strong = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "strict-transport-security": "max-age=31536000",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-resource-policy": "same-site",
    "content-type": "application/json",
  };

  it("adds bonuses to the baseline of 100", () => {
    const grade = gradeResponse(response(strong));
    expect(grade.score).toBe(130);
    expect(grade.grade).toBe("A+");
  });

  it("drops the bonuses when penalties take the score below 90", () => {
    const { "strict-transport-security": _hsts, ...weaker } = strong;
    const grade = gradeResponse(response(weaker), { httpRedirects: ["http://a.example/"] });
    expect(grade.uncurvedScore).toBe(60);
    expect(grade.score).toBe(60);
    expect(grade.grade).toBe("C+");
  });

  it("never goes below 0, and follows the Observatory's grade chart", () => {
    expect(
      gradeResponse(response({ "set-cookie": "session=1" }), { httpRedirects: ["http://a.example/"] }).score,
    ).toBe(0);
    expect([gradeFor(135), gradeFor(95), gradeFor(89), gradeFor(72), gradeFor(24)]).toEqual([
      "A+",
      "A",
      "A-",
      "B",
      "F",
    ]);
  });
});
