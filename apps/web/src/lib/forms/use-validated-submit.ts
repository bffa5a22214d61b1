import type { FormEvent } from "react";
import type { FieldValues, SubmitErrorHandler, UseFormReturn } from "react-hook-form";
import { useSubmit } from "react-router";

interface Options<Values> {
  /** What is sent instead of the form's own fields (e.g. a photo made small first). */
  prepare?: (formData: FormData, values: Values) => FormData | Promise<FormData>;
  onInvalid?: SubmitErrorHandler<FieldValues>;
}

/**
 * The `onSubmit` of a `<Form method="post">` whose fields react-hook-form checks in the browser
 * first: with errors nothing is sent and the messages show at once; else the form is posted to its
 * route action as the browser would post it without scripts (same fields, same encoding), so the
 * action is the one place that decides.
 */
export function useValidatedSubmit<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  options: Options<Values> = {},
) {
  const submit = useSubmit();
  return (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void form.handleSubmit(async (values) => {
      const formData = new FormData(element, submitter);
      const body = options.prepare ? await options.prepare(formData, values) : formData;
      await submit(body, {
        method: "post",
        action: element.getAttribute("action") ?? undefined,
        encType: element.enctype as "multipart/form-data" | "application/x-www-form-urlencoded",
      });
    }, options.onInvalid)(event);
  };
}
