import { describe, expect, it } from "vitest";
import { baseUrl, collectErrors, newContext, visit } from "./support/browser.ts";

/** The web pages' Content-Security-Policy: a fresh nonce per response, no inline script without it. */
describe("content security policy", () => {
  it("sends a nonce-based policy and puts the nonce on every script", async () => {
    const first = await fetch(`${baseUrl}/`);
    const second = await fetch(`${baseUrl}/`);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors"])
      expect(policy).toContain(directive);
    expect(first.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("same-origin");

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("runs the app and blocks an injected inline script", async () => {
    const context = await newContext({ viewport: "mobile" });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, "/");
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // The only console error is the browser reporting the blocked injection.
    expect(errors.filter((error) => !/Content Security Policy/.test(error))).toEqual([]);
    await context.close();
  });
});
