import { useRef } from "react";
import { sanitizer } from "../../../lib/security/sanitizer";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { useLazyModule } from "../../../lib/ui/lazy-module";

/**
 * Server-provided HTML (banner `sub_heading`, service `description`), sanitised with DOMPurify on
 * every path it takes:
 *
 * - on the server, by the loader that fetched it (`content.server.ts`), before it is rendered into
 *   the page and before it is sent to the browser as loader data;
 * - in the browser, for any HTML that arrives later (language change, client-side navigation): it
 *   is shown only after DOMPurify, loaded on demand, has cleaned it.
 *
 * While React hydrates, the server's markup is kept as it is (React never rewrites
 * `dangerouslySetInnerHTML` when hydrating), so the landing page needs no DOMPurify at load.
 */

export function ServerHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  // false while hydrating server markup (and on the server), true for renders the browser makes itself
  const browserRender = useHydrated();
  const hydratedHtml = useRef<string | null | undefined>(browserRender ? null : html);
  if (hydratedHtml.current !== null && hydratedHtml.current !== html) hydratedHtml.current = null;
  const keepServerMarkup = hydratedHtml.current !== null;
  const sanitize = useLazyModule(sanitizer, { load: !keepServerMarkup })?.sanitizeHtml;

  if (!html) return null;
  if (typeof window === "undefined" || keepServerMarkup) {
    // Sanitised on the server by the loader (see above).
    // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised loader data, hydrated as rendered
    return <div className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
  }
  if (!sanitize) return <div className={className} aria-busy="true" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just here
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}
