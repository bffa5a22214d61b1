import { withScheme } from "../../../lib/security/safe-url";

/**
 * Where a short link may send the browser (spec §2, issue: only http and https are ever followed):
 * the looked-up address with `https://` added when it has no scheme, resolved against this site;
 * null for anything else (javascript:, data:, mailto:, unparsable…), which counts as not found.
 */
export function shortLinkTarget(url: string | null | undefined, origin: string): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  let parsed: URL;
  try {
    parsed = new URL(withScheme(trimmed), origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (!parsed.hostname) return null;
  return parsed.href;
}
