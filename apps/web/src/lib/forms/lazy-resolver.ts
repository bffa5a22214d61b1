import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose rules arrive later than the page (`load`: a lazily imported
 * schema). When they cannot arrive — the signal went before the first field was touched, or a
 * deploy has replaced the build the page came with — the browser does not check: the values pass
 * as they are and the form is posted, and its route action, which checks every post anyway,
 * answers (without signal its route says 'Oops...', ADR 046). A press is never lost to a failed
 * import, and the next check tries the import again.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await load();
    } catch {
      // Unchecked: the action's schema makes them its output, or refuses them.
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
}
