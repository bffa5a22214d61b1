import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const stylesheet = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const firstPreload = /<link\b[^>]*\brel="(?:modulepreload|preload)"/;

/**
 * The stylesheets of a rendered `<head>` moved in front of its first preload (ADR 024). React
 * hoists preloads — the `<link rel="modulepreload">` that React Router's `<Scripts>` renders, the
 * fonts' and the banner's `<link rel="preload">` — into the head, ahead of the stylesheet links
 * `<Links>` renders in place, so the browser asked for a page's fonts and 10–35 scripts before the
 * CSS its first paint waits for; over HTTP/1.1's six connections the CSS queued behind them. The
 * stylesheets keep their order among themselves (the cascade), and React's hydration finds them
 * anywhere in the head, as it skips what it does not expect there.
 */
export function stylesheetsFirst(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const preload = head.search(firstPreload);
  if (preload === -1) return html;
  const before = head.slice(0, preload);
  const after = head.slice(preload);
  const moved = after.match(stylesheet);
  if (!moved) return html;
  return before + moved.join("") + after.replace(stylesheet, "") + html.slice(headEnd);
}

const modulePreload = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/gi;

/**
 * The page's scripts asked for at low priority (ADR 027): the `<link rel="modulepreload">` React
 * hoists into the head get `fetchpriority="low"`. A server-rendered page paints and shows its
 * largest element without its scripts, so the stylesheets, the fonts and the banner go first — on a
 * slow link they no longer share it with ~120 KB of scripts — and the scripts follow; hydration
 * waits for them, as it did. Preloads that already name a priority are left as they are.
 */
export function scriptsAfterContent(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  return (
    html.slice(0, headEnd).replace(modulePreload, '<link rel="modulepreload" fetchpriority="low"') +
    html.slice(headEnd)
  );
}

/**
 * The rendered document with `stylesheetsFirst` and `scriptsAfterContent` applied: holds what React
 * writes until the head is complete (React writes it in one piece with the shell), then passes
 * everything through as it comes.
 */
export function headOrderStream(): Transform {
  let head: string | null = "";
  // A chunk may end inside a character: the decoder keeps its first bytes for the next one.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (!head.includes("</head>")) return callback();
      const html = scriptsAfterContent(stylesheetsFirst(head));
      head = null;
      callback(null, html);
    },
    flush(callback) {
      const rest = head === null ? "" : head + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
