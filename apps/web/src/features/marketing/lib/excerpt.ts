/**
 * Service cards show the description cut to 15 words (spec §3, §9). Descriptions are server HTML:
 * they are sanitised first, then reduced to plain text, which React renders escaped.
 */

export const cardDescriptionWords = 15;

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of already-sanitised HTML: tags dropped (block ends become spaces), entities decoded. */
export function htmlToText(safeHtml: string): string {
  return decodeEntities(safeHtml.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The first `max` words of a text, with an ellipsis when something was cut. */
export function cutWords(text: string, max = cardDescriptionWords): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= max) return words.join(" ");
  return `${words.slice(0, max).join(" ")}…`;
}
