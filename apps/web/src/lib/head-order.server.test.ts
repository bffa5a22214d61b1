import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { headOrderStream, scriptsAfterContent, stylesheetsFirst } from "./head-order.server";

/** A head as React writes it: hoisted preloads first, `<Links>`' stylesheets last. */
const head = [
  '<!DOCTYPE html><html lang="id"><head><meta charSet="utf-8"/><title>Loker — PaxelBox</title>',
  '<link rel="preload" as="image" href="/banner.svg" fetchPriority="high"/>',
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/shell.js" nonce="n"/>',
  '<link nonce="n" rel="stylesheet" href="/assets/shell.css#"/>',
  '<link nonce="n" rel="stylesheet" href="/assets/page.css"/>',
  "</head>",
].join("");
const body = '<body><link rel="stylesheet" href="/in-body.css"/><p>Halo</p></body></html>';

const order = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\brel="([a-z]+)"[^>]*\bhref="([^"]+)"/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  );

describe("stylesheets ahead of module preloads", () => {
  it("moves the head's stylesheets, in their order, in front of the first preload", () => {
    const html = stylesheetsFirst(head + body);
    expect(order(html)).toEqual([
      "stylesheet /assets/shell.css#",
      "stylesheet /assets/page.css",
      "preload /banner.svg",
      "modulepreload /assets/entry.js",
      "modulepreload /assets/shell.js",
      "stylesheet /in-body.css",
    ]);
    // Nothing else changes: the same characters, in another order.
    expect([...html].sort().join("")).toBe([...(head + body)].sort().join(""));
  });

  it("leaves a head without preloads, or without an end, as it is", () => {
    const noPreloads = head.replace(/<link rel="(module)?preload"[^>]*>/g, "") + body;
    expect(stylesheetsFirst(noPreloads)).toBe(noPreloads);
    const unfinished = head.replace("</head>", "");
    expect(stylesheetsFirst(unfinished)).toBe(unfinished);
  });

  it("reorders a streamed document whose head arrives in pieces, cut inside a character", async () => {
    const bytes = Buffer.from(head + body);
    const cut = bytes.indexOf(Buffer.from("—")) + 1; // inside the three bytes of the em dash
    const pieces = [bytes.subarray(0, cut), bytes.subarray(cut, cut + 40), bytes.subarray(cut + 40)];
    const out = await text(Readable.from(pieces).pipe(headOrderStream()));
    expect(out).toBe(scriptsAfterContent(stylesheetsFirst(head + body)));
    expect(out).toContain("Loker — PaxelBox");
  });

  it("passes a document that never closes its head through whole", async () => {
    const pieces = ["<html><head><title>x</title>", '<link rel="stylesheet" href="/a.css"/>'];
    expect(await text(Readable.from(pieces).pipe(headOrderStream()))).toBe(pieces.join(""));
  });
});

describe("the scripts at low priority", () => {
  it("marks every module preload of the head, and nothing else", () => {
    const html = scriptsAfterContent(head + body);
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
    expect(preloads).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js" nonce="n"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/shell.js" nonce="n"/>',
    ]);
    expect(html.replaceAll(' fetchpriority="low"', "")).toBe(head + body);
  });

  it("keeps a priority a preload names, and a body's links as they are", () => {
    const named = '<head><link rel="modulepreload" fetchpriority="high" href="/a.js"/></head>';
    expect(scriptsAfterContent(named)).toBe(named);
    const inBody = '<head></head><body><link rel="modulepreload" href="/b.js"/></body>';
    expect(scriptsAfterContent(inBody)).toBe(inBody);
  });

  it("is applied to a streamed document", async () => {
    const out = await text(Readable.from([head, body]).pipe(headOrderStream()));
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
  });
});
