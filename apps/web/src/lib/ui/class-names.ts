/** The class names given, in order, without the empty ones (a condition that did not hold). */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
