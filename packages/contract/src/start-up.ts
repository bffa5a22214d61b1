/**
 * A start that cannot succeed because of a setting (a bad or missing variable, a database that
 * refuses, an address taken): the servers' entry points print its message alone and exit 1, since a
 * stack would point at the code rather than at the setting to fix. Anything else is a fault of the
 * code and keeps its stack.
 */
export class StartUpError extends Error {
  override name = "StartUpError";
}

/** Socket errors of `listen` that name a setting (PORT, HOST) rather than a fault of the code. */
const listenFailures = new Set(["EADDRINUSE", "EADDRNOTAVAIL", "EACCES"]);

/** For a start's `.catch`: a setting's failure ends the process with its one line; anything else is thrown on. */
export function exitOnStartUpError(error: unknown): never {
  if (error instanceof StartUpError) {
    console.error(error.message);
    process.exit(1);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === "string" && listenFailures.has(code) && "syscall" in error) {
    console.error(`Cannot listen (PORT, HOST): ${error.message}`);
    process.exit(1);
  }
  throw error;
}
