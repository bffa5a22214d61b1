/** Locations per page of the finder's list (the first page is rendered on the server). */
export const finderPageSize = 8;

/** The most the server draws at once, by the "show more" link of a page without scripts. */
const mostShown = 12 * finderPageSize;

/** The longest search the finder takes (its input's `maxLength`, the contract's limit). */
export const finderQueryMaxLength = 100;

/**
 * The finder's list as the landing's address asks for it (its form, its "show more" link): the
 * search, trimmed and cut to what the input takes, and how many to show, whole pages from one to
 * `mostShown`.
 */
export function readFinderQuery(search: URLSearchParams): { q: string | undefined; limit: number } {
  const q = (search.get("q") ?? "").trim().slice(0, finderQueryMaxLength) || undefined;
  const shown = Number.parseInt(search.get("shown") ?? "", 10);
  const pages = Number.isFinite(shown) ? Math.ceil(shown / finderPageSize) : 1;
  return { q, limit: Math.min(mostShown, Math.max(1, pages) * finderPageSize) };
}
