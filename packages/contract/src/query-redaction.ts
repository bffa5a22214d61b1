/**
 * A query (the part after `?`, without its fragment) with the value of every parameter that `secret`
 * names replaced by `[redacted]`, for logs and traces. Names are read as a server reads them
 * (`URLSearchParams`: `%74oken` and `TOKEN` are `token`); the rest of the query stays as written.
 */
export function redactQuery(query: string, secret: (name: string) => boolean): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return secret(readName(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
}

/** A parameter's name decoded and in lower case; a broken escape stays as written (a log line never throws). */
function readName(name: string): string {
  const spaced = name.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced).toLowerCase();
  } catch {
    return spaced.toLowerCase();
  }
}
