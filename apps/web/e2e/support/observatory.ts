/**
 * A header grader that scores one HTTP response the way the Mozilla HTTP Observatory does
 * (mdn/mdn-http-observatory, scoring methodology of 2024): every response starts at 100, each of
 * the ten tests adds its modifier, bonuses count only when the score without them is at least 90,
 * and the grade follows the Observatory's chart (100 and more: A+).
 *
 * Differences from the hosted scanner, all on purpose:
 * - the response is graded as served over HTTPS (production terminates TLS at the load balancer);
 *   the local system under test speaks plain HTTP;
 * - redirection and HSTS preloading cannot be observed on one machine: the caller says what holds
 *   (`httpRedirects`, `hstsPreloaded`), by default "HTTP not reachable" and "not preloaded";
 * - `<meta http-equiv>` policies are not read (the product sends every policy as a header);
 * - any status may be graded (the hosted scanner wants a 2xx), so 404 and error answers are too.
 */

export interface GradedResponse {
  /** The address as the public reaches it (graded as HTTPS). */
  url: string;
  headers: Headers;
  /** The body, read for `<script>` tags when the response is HTML. */
  body?: string;
}

export interface GradeOptions {
  /**
   * Addresses visited when the site is asked over plain HTTP, starting with the http:// address;
   * `null` when plain HTTP is not reachable at all.
   */
  httpRedirects?: string[] | null;
  /** Whether the host is on the browsers' HSTS preload list (the header's `preload` alone earns nothing). */
  hstsPreloaded?: boolean;
}

export interface TestResult {
  test: TestName;
  result: string;
  modifier: number;
  pass: boolean;
}

export interface Grade {
  score: number;
  grade: string;
  /** 100 plus the penalties only. */
  uncurvedScore: number;
  results: TestResult[];
}

export type TestName =
  | "content-security-policy"
  | "cookies"
  | "cross-origin-resource-sharing"
  | "redirection"
  | "referrer-policy"
  | "strict-transport-security"
  | "subresource-integrity"
  | "x-content-type-options"
  | "x-frame-options"
  | "cross-origin-resource-policy";

/** Each test's possible results and their modifiers (the Observatory's score table). */
export const modifiers = {
  "content-security-policy": {
    "csp-implemented-with-no-unsafe-default-src-none": 10,
    "csp-implemented-with-no-unsafe": 5,
    "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
    "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
    "csp-implemented-with-unsafe-eval": -10,
    "csp-implemented-with-unsafe-inline": -20,
    "csp-implemented-with-insecure-scheme": -20,
    "csp-header-invalid": -25,
    "csp-not-implemented": -25,
  },
  cookies: {
    "cookies-secure-with-httponly-sessions-and-samesite": 5,
    "cookies-secure-with-httponly-sessions": 0,
    "cookies-not-found": 0,
    "cookies-without-secure-flag-but-protected-by-hsts": -5,
    "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
    "cookies-without-secure-flag": -20,
    "cookies-samesite-flag-invalid": -20,
    "cookies-anticsrf-without-samesite-flag": -20,
    "cookies-session-without-httponly-flag": -30,
    "cookies-session-without-secure-flag": -40,
  },
  "cross-origin-resource-sharing": {
    "cross-origin-resource-sharing-not-implemented": 0,
    "cross-origin-resource-sharing-implemented-with-public-access": 0,
    "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
    "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  },
  redirection: {
    "redirection-not-needed-no-http": 0,
    "redirection-to-https": 0,
    "redirection-off-host-from-http": -5,
    "redirection-not-to-https-on-initial-redirection": -10,
    "redirection-not-to-https": -20,
    "redirection-missing": -20,
  },
  "referrer-policy": {
    "referrer-policy-private": 5,
    "referrer-policy-not-implemented": 0,
    "referrer-policy-unsafe": -5,
    "referrer-policy-header-invalid": -5,
  },
  "strict-transport-security": {
    "hsts-preloaded": 5,
    "hsts-implemented-max-age-at-least-six-months": 0,
    "hsts-implemented-max-age-less-than-six-months": -10,
    "hsts-not-implemented": -20,
    "hsts-header-invalid": -20,
  },
  "subresource-integrity": {
    "sri-implemented-and-all-scripts-loaded-securely": 5,
    "sri-implemented-and-external-scripts-loaded-securely": 5,
    "sri-not-implemented-response-not-html": 0,
    "sri-not-implemented-but-no-scripts-loaded": 0,
    "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
    "sri-not-implemented-but-external-scripts-loaded-securely": -5,
    "sri-implemented-but-external-scripts-not-loaded-securely": -20,
    "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  },
  "x-content-type-options": {
    "x-content-type-options-nosniff": 0,
    "x-content-type-options-not-implemented": -5,
    "x-content-type-options-header-invalid": -5,
  },
  "x-frame-options": {
    "x-frame-options-implemented-via-csp": 5,
    "x-frame-options-sameorigin-or-deny": 0,
    "x-frame-options-allow-from-origin": 0,
    "x-frame-options-not-implemented": -20,
    "x-frame-options-header-invalid": -20,
  },
  "cross-origin-resource-policy": {
    "corp-implemented-with-same-site": 10,
    "corp-implemented-with-same-origin": 10,
    "corp-implemented-with-cross-origin": 0,
    "corp-not-implemented": 0,
    "corp-header-invalid": -5,
  },
} as const satisfies Record<TestName, Record<string, number>>;

type ResultOf<T extends TestName> = keyof (typeof modifiers)[T] & string;

function result<T extends TestName>(test: T, name: ResultOf<T>, pass: boolean): TestResult {
  return { test, result: name, modifier: (modifiers[test] as Record<string, number>)[name]!, pass };
}

/* ---------------------------------------------------------------- CSP */

const dangerouslyBroad = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const unsafeInline = new Set(["'unsafe-inline'", "data:"]);
const isBroadOrInline = (source: string) => dangerouslyBroad.has(source) || unsafeInline.has(source);
const isNonceOrHash = (source: string) => /^'(nonce|sha256|sha384|sha512)-/.test(source);

/** Directives of every policy in the header(s); throws on a repeated directive or an empty policy. */
export function parseCsp(header: string): Map<string, Set<string>> {
  const policy = new Map<string, Set<string>>();
  for (const [index, text] of header.split(",").entries()) {
    const cleaned = text.replace(/[\r\n]/g, "").trim();
    if (cleaned.length < "img-src".length - 1) throw new Error(`invalid policy: ${cleaned}`);
    const seen = new Set<string>();
    for (const entry of cleaned.split(";")) {
      const [rawName, ...sources] = entry.trim().split(/\s+/);
      if (!rawName) continue;
      const name = rawName.toLowerCase();
      if (seen.has(name) && name !== "report-uri" && name !== "report-to") {
        throw new Error(`directive ${name} repeated`);
      }
      seen.add(name);
      const values = sources.map((source) => source.toLowerCase());
      if (values.length === 0 && name.endsWith("-src")) values.push("'none'");
      // A second policy can only narrow the first: keep what both allow.
      const earlier = policy.get(name);
      policy.set(
        name,
        index === 0 || !earlier ? new Set(values) : new Set(values.filter((value) => earlier.has(value))),
      );
    }
  }
  return policy;
}

export function contentSecurityPolicyTest(response: GradedResponse): TestResult {
  const test = "content-security-policy";
  const header = response.headers.get("content-security-policy");
  if (!header) return result(test, "csp-not-implemented", false);
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp(header);
  } catch {
    return result(test, "csp-header-invalid", false);
  }
  const directive = (name: string, fallback = "default-src") =>
    new Set(csp.get(name) ?? csp.get(fallback) ?? ["*"]);
  const scriptSrc = directive("script-src");
  const styleSrc = directive("style-src");
  const objectSrc = directive("object-src");
  // With a nonce or hash, browsers ignore 'unsafe-inline'.
  for (const sources of [scriptSrc, styleSrc]) {
    if ([...sources].some(isNonceOrHash)) sources.delete("'unsafe-inline'");
  }
  if (scriptSrc.has("'strict-dynamic'")) {
    if (![...scriptSrc].some(isNonceOrHash)) return result(test, "csp-header-invalid", false);
    for (const source of scriptSrc) {
      if ([...dangerouslyBroad].some((broad) => source.startsWith(broad)) || source === "'self'") {
        scriptSrc.delete(source);
      }
    }
  }
  const passive = ["img-src", "media-src"].flatMap((name) => [
    ...(csp.get(name) ?? csp.get("default-src") ?? []),
  ]);
  const active = [
    ...[...csp.entries()]
      .filter(([name]) => name !== "img-src" && name !== "media-src" && name !== "script-src")
      .flatMap(([, sources]) => [...sources]),
    ...scriptSrc,
  ];
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");

  if ([...scriptSrc].some(isBroadOrInline) || [...objectSrc].some((source) => dangerouslyBroad.has(source))) {
    return result(test, "csp-implemented-with-unsafe-inline", false);
  }
  if (active.some(insecure)) return result(test, "csp-implemented-with-insecure-scheme", false);
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    return result(test, "csp-implemented-with-unsafe-eval", false);
  }
  if (passive.some(insecure))
    return result(test, "csp-implemented-with-insecure-scheme-in-passive-content-only", true);
  if ([...styleSrc].some(isBroadOrInline))
    return result(test, "csp-implemented-with-unsafe-inline-in-style-src-only", true);
  const defaultSrc = csp.get("default-src");
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) {
    return result(test, "csp-implemented-with-no-unsafe-default-src-none", true);
  }
  return result(test, "csp-implemented-with-no-unsafe", true);
}

/* ---------------------------------------------------------------- Cookies */

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** The SameSite value as written, `null` when absent. */
  sameSite: string | null;
}

export function parseSetCookie(line: string): Cookie {
  const [pair = "", ...attributes] = line.split(";");
  const cookie: Cookie = { name: pair.split("=")[0]!.trim(), secure: false, httpOnly: false, sameSite: null };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=");
    const name = key.trim().toLowerCase();
    if (name === "secure") cookie.secure = true;
    else if (name === "httponly") cookie.httpOnly = true;
    else if (name === "samesite") cookie.sameSite = value.trim();
  }
  return cookie;
}

/** Cookie results from best to worst: a later one replaces an earlier one, never the reverse. */
const cookieBadness: ResultOf<"cookies">[] = [
  "cookies-without-secure-flag-but-protected-by-hsts",
  "cookies-without-secure-flag",
  "cookies-session-without-secure-flag-but-protected-by-hsts",
  "cookies-samesite-flag-invalid",
  "cookies-anticsrf-without-samesite-flag",
  "cookies-session-without-httponly-flag",
  "cookies-session-without-secure-flag",
];

export function cookiesTest(response: GradedResponse): TestResult {
  const test = "cookies";
  const cookies = response.headers.getSetCookie().map(parseSetCookie);
  if (cookies.length === 0) return result(test, "cookies-not-found", true);
  const hsts = strictTransportSecurityTest(response).pass;
  let worst: ResultOf<"cookies"> | undefined;
  const worse = (candidate: ResultOf<"cookies">) => {
    if (!worst || cookieBadness.indexOf(candidate) > cookieBadness.indexOf(worst)) worst = candidate;
  };
  for (const cookie of cookies) {
    const name = cookie.name.toLowerCase();
    const session = name.includes("login") || name.includes("sess");
    const sameSite = cookie.sameSite?.toLowerCase();
    if (sameSite !== undefined && !["lax", "strict", "none"].includes(sameSite))
      worse("cookies-samesite-flag-invalid");
    if (sameSite === "none" && !cookie.secure) worse("cookies-samesite-flag-invalid");
    if (!cookie.secure)
      worse(hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag");
    if (name.includes("csrf") && !cookie.sameSite) worse("cookies-anticsrf-without-samesite-flag");
    if (session && !cookie.secure) {
      worse(
        hsts
          ? "cookies-session-without-secure-flag-but-protected-by-hsts"
          : "cookies-session-without-secure-flag",
      );
    }
    if (session && !cookie.httpOnly) worse("cookies-session-without-httponly-flag");
  }
  if (worst) return result(test, worst, false);
  return cookies.every((cookie) => cookie.sameSite)
    ? result(test, "cookies-secure-with-httponly-sessions-and-samesite", true)
    : result(test, "cookies-secure-with-httponly-sessions", true);
}

/* ---------------------------------------------------------------- CORS */

/** Reads the answer to a request that carried `Origin: probeOrigin`. */
export function corsTest(response: GradedResponse, probeOrigin: string | undefined): TestResult {
  const test = "cross-origin-resource-sharing";
  const allowOrigin = response.headers.get("access-control-allow-origin")?.trim().toLowerCase();
  if (!allowOrigin) return result(test, "cross-origin-resource-sharing-not-implemented", true);
  if (allowOrigin === "*")
    return result(test, "cross-origin-resource-sharing-implemented-with-public-access", true);
  const credentials =
    response.headers.get("access-control-allow-credentials")?.trim().toLowerCase() === "true";
  if (probeOrigin && allowOrigin === probeOrigin.toLowerCase() && credentials) {
    return result(test, "cross-origin-resource-sharing-implemented-with-universal-access", false);
  }
  return result(test, "cross-origin-resource-sharing-implemented-with-restricted-access", true);
}

/* ---------------------------------------------------------------- Redirection */

export function redirectionTest(httpRedirects: string[] | null): TestResult {
  const test = "redirection";
  if (httpRedirects === null) return result(test, "redirection-not-needed-no-http", true);
  const route = httpRedirects.map((address) => new URL(address));
  if (route.length <= 1) return result(test, "redirection-missing", false);
  if (route.at(-1)!.protocol !== "https:") return result(test, "redirection-not-to-https", false);
  if (route[1]!.protocol === "http:")
    return result(test, "redirection-not-to-https-on-initial-redirection", false);
  if (route[0]!.hostname !== route[1]!.hostname) return result(test, "redirection-off-host-from-http", false);
  return result(test, "redirection-to-https", true);
}

/* ---------------------------------------------------------------- Referrer-Policy */

const privateReferrer = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
const unsafeReferrer = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];

export function referrerPolicyTest(response: GradedResponse): TestResult {
  const test = "referrer-policy";
  const header = response.headers.get("referrer-policy");
  if (header === null) return result(test, "referrer-policy-not-implemented", true);
  // The last value the browser knows wins.
  const policy = header
    .split(",")
    .map((value) => value.trim().toLowerCase())
    .filter((value) => privateReferrer.includes(value) || unsafeReferrer.includes(value))
    .at(-1);
  if (policy && privateReferrer.includes(policy)) return result(test, "referrer-policy-private", true);
  if (policy) return result(test, "referrer-policy-unsafe", false);
  return result(test, "referrer-policy-header-invalid", false);
}

/* ---------------------------------------------------------------- HSTS */

const sixMonths = 15_552_000;

export function strictTransportSecurityTest(response: GradedResponse, preloaded = false): TestResult {
  const test = "strict-transport-security";
  if (preloaded) return result(test, "hsts-preloaded", true);
  const header = response.headers.get("strict-transport-security");
  if (header === null) return result(test, "hsts-not-implemented", false);
  // Sent twice (joined with a comma) counts as invalid, as does a header without max-age.
  const maxAge = /(?:^|;)\s*max-age=(\d+)\s*(?:;|$)/i.exec(header)?.[1];
  if (header.includes(",") || maxAge === undefined) return result(test, "hsts-header-invalid", false);
  return Number(maxAge) < sixMonths
    ? result(test, "hsts-implemented-max-age-less-than-six-months", false)
    : result(test, "hsts-implemented-max-age-at-least-six-months", true);
}

/* ---------------------------------------------------------------- Subresource Integrity */

/** The last two labels of a host name: good enough for the product's own hosts. */
const siteOf = (hostname: string) => hostname.split(".").slice(-2).join(".");

const sriBadness: ResultOf<"subresource-integrity">[] = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-not-implemented-response-not-html",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
];

export function subresourceIntegrityTest(response: GradedResponse): TestResult {
  const test = "subresource-integrity";
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "text/html" && type !== "application/xhtml+xml") {
    return result(test, "sri-not-implemented-response-not-html", true);
  }
  const scripts = [...(response.body ?? "").matchAll(/<script\b([^>]*)>/gi)].map((match) => match[1] ?? "");
  if (scripts.length === 0) return result(test, "sri-not-implemented-but-no-scripts-loaded", true);
  const page = new URL(response.url);
  let outcome: ResultOf<"subresource-integrity"> | undefined;
  let foreign = false;
  const worse = (candidate: ResultOf<"subresource-integrity">) => {
    if (!outcome || sriBadness.indexOf(candidate) > sriBadness.indexOf(outcome)) outcome = candidate;
  };
  for (const attributes of scripts) {
    const src = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(` ${attributes}`)?.[1];
    if (!src) continue;
    const integrity = /\sintegrity\s*=/i.test(` ${attributes}`);
    const protocolRelative = src.startsWith("//");
    const absolute = /^https?:\/\//i.test(src);
    const sameSite =
      !protocolRelative && (!absolute || siteOf(new URL(src).hostname) === siteOf(page.hostname));
    const secure = absolute ? src.toLowerCase().startsWith("https:") : !protocolRelative;
    if (sameSite) {
      if (integrity && secure && !outcome) outcome = "sri-implemented-and-all-scripts-loaded-securely";
      continue;
    }
    foreign = true;
    if (integrity && !secure) worse("sri-implemented-but-external-scripts-not-loaded-securely");
    else if (!integrity && secure) worse("sri-not-implemented-but-external-scripts-loaded-securely");
    else if (!integrity) worse("sri-not-implemented-and-external-scripts-not-loaded-securely");
  }
  outcome ??= foreign
    ? "sri-implemented-and-external-scripts-loaded-securely"
    : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  return result(test, outcome, modifiers[test][outcome] >= 0);
}

/* ---------------------------------------------------------------- X-Content-Type-Options */

export function xContentTypeOptionsTest(response: GradedResponse): TestResult {
  const test = "x-content-type-options";
  const header = response.headers.get("x-content-type-options");
  if (header === null) return result(test, "x-content-type-options-not-implemented", false);
  return header.trim().toLowerCase() === "nosniff"
    ? result(test, "x-content-type-options-nosniff", true)
    : result(test, "x-content-type-options-header-invalid", false);
}

/* ---------------------------------------------------------------- X-Frame-Options */

export function xFrameOptionsTest(response: GradedResponse): TestResult {
  const test = "x-frame-options";
  const csp = response.headers.get("content-security-policy");
  try {
    if (csp && parseCsp(csp).has("frame-ancestors"))
      return result(test, "x-frame-options-implemented-via-csp", true);
  } catch {
    // An unreadable policy protects nothing; X-Frame-Options decides.
  }
  const header = response.headers.get("x-frame-options")?.trim().toLowerCase();
  if (header === undefined) return result(test, "x-frame-options-not-implemented", false);
  if (header === "deny" || header === "sameorigin")
    return result(test, "x-frame-options-sameorigin-or-deny", true);
  if (header.startsWith("allow-from")) return result(test, "x-frame-options-allow-from-origin", true);
  return result(test, "x-frame-options-header-invalid", false);
}

/* ---------------------------------------------------------------- Cross-Origin-Resource-Policy */

export function crossOriginResourcePolicyTest(response: GradedResponse): TestResult {
  const test = "cross-origin-resource-policy";
  const header = response.headers.get("cross-origin-resource-policy")?.slice(0, 256).trim().toLowerCase();
  if (!header) return result(test, "corp-not-implemented", true);
  if (header === "same-site") return result(test, "corp-implemented-with-same-site", true);
  if (header === "same-origin") return result(test, "corp-implemented-with-same-origin", true);
  if (header === "cross-origin") return result(test, "corp-implemented-with-cross-origin", true);
  return result(test, "corp-header-invalid", false);
}

/* ---------------------------------------------------------------- Score */

const gradeChart: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** Bonuses count only from this score (without them) on. */
export const minimumScoreForExtraCredit = 90;

export function gradeFor(score: number): string {
  return gradeChart.find(([floor]) => score >= floor)?.[1] ?? "F";
}

/** Runs the ten tests on one response; `probeOrigin` is the `Origin` the request carried. */
export function gradeResponse(
  response: GradedResponse,
  options: GradeOptions & { probeOrigin?: string } = {},
): Grade {
  const results = [
    contentSecurityPolicyTest(response),
    cookiesTest(response),
    corsTest(response, options.probeOrigin),
    redirectionTest(options.httpRedirects ?? null),
    referrerPolicyTest(response),
    strictTransportSecurityTest(response, options.hstsPreloaded),
    subresourceIntegrityTest(response),
    xContentTypeOptionsTest(response),
    xFrameOptionsTest(response),
    crossOriginResourcePolicyTest(response),
  ];
  const uncurvedScore = 100 + results.reduce((sum, r) => sum + Math.min(r.modifier, 0), 0);
  const withBonus = 100 + results.reduce((sum, r) => sum + r.modifier, 0);
  const score = Math.max(0, uncurvedScore >= minimumScoreForExtraCredit ? withBonus : uncurvedScore);
  return { score, grade: gradeFor(score), uncurvedScore, results };
}

/** One line per test, for the test log and docs/security.md. */
export function describeGrade(label: string, grade: Grade): string {
  const lines = grade.results.map(
    (r) => `${`    ${r.modifier >= 0 ? "+" : ""}${r.modifier}`.padEnd(9)}${r.test}: ${r.result}`,
  );
  return [`${label}: ${grade.score} (${grade.grade})`, ...lines].join("\n");
}
