/**
 * The sanitiser once it has loaded (it is not part of the first scripts): `lib/sanitize.ts` puts
 * itself here when it is imported, so code that renders synchronously (settings texts) can use it
 * without importing DOMPurify, and re-render when it arrives.
 */
type Sanitize = (html: string) => string;

let ready: Sanitize | undefined;
const listeners = new Set<() => void>();

export function readySanitizer(): Sanitize | undefined {
  return ready;
}

export function markSanitizerReady(sanitize: Sanitize): void {
  ready = sanitize;
  for (const listener of listeners) listener();
}

export function onSanitizerReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
