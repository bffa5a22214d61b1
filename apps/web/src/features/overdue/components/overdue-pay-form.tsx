import { nationalMobileNumber, type OverdueDropoffDetail } from "@paxelbox/contract";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Form, useNavigation } from "react-router";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field, fieldIds, inputClassName, trimOnBlur } from "../../../components/ui/field";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { useHeldWhilePressed } from "../../../hooks/use-held-while-pressed";
import { useVariant } from "../../../hooks/use-variant";
import type { Refused } from "../../../lib/forms/action.server";
import { useValidatedSubmit } from "../../../lib/forms/use-validated-submit";
import { useT } from "../../../lib/i18n/i18n";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import {
  type OverdueField,
  type OverdueFormInput,
  type OverdueFormValues,
  overdueFields,
  overdueFormResolver,
  overdueFormSchema,
  overdueMessageKey,
  refusedErrors,
} from "../lib/overdue-form";
import styles from "./overdue-payment-screen.module.css";

export interface OverduePayFormProps {
  detail: OverdueDropoffDetail;
  /** The page's bearer token, posted with the form (the address loses it once checked). */
  token: string | null;
  /** The route action's answer to the last post when it did not go on to the gateway. */
  refused?: Refused<OverdueField> | undefined;
}

/**
 * The recipient's details, the email and Select Payment (spec §2 "Overdue payment page", §4, §5):
 * a `<Form method="post">` whose route action checks the fields with the same schema and starts the
 * payment (`overdue-action.server.ts`), so it works before and without scripts. With them,
 * react-hook-form checks first (Select Payment is enabled only with a valid email) and posts the
 * same fields to the action; what the action refuses shows the same way in both cases.
 */
export function OverduePayForm({ detail, token, refused: answer }: OverduePayFormProps) {
  const { t, language } = useT();
  // The last refusal stays until the next one: a navigation that keeps the page (the token leaving
  // the address once checked, after a post made before the scripts ran) clears the action's data.
  const [refused, setRefused] = useState(answer);
  if (answer !== undefined && answer !== refused) setRefused(answer);
  const variant = useVariant();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const ids = {
    form: useId(),
    receiver_name: useId(),
    phone: useId(),
    email: useId(),
  };
  const emailIds = fieldIds(ids.email);

  // The prefilled name and phone cannot be changed here: what is wrong with them shows from the
  // first render. The email: as the refused post had it, else as given before the last payment
  // attempt (kept by the API until the fee is paid).
  // The phone in its national form: a parcel sent to "628…" (up to 14 digits, the package form's
  // rule) shows "08…", within the page's 13 digits.
  const prefilled = {
    receiver_name: detail.recipientName,
    phone: nationalMobileNumber(detail.takeUserPhoneNumber),
  };
  const [email] = useState(() => refused?.values.email ?? detail.receiverEmail ?? "");
  // One object per answer of the action: react-hook-form applies `errors` when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the prefilled values come with the detail, which does not change under the form
  const errors = useMemo(() => refusedErrors(refused?.errors, prefilled), [refused]);
  const form = useForm<OverdueFormInput, unknown, OverdueFormValues>({
    resolver: overdueFormResolver,
    defaultValues: { ...prefilled, email },
    errors,
    mode: "onTouched",
    shouldFocusError: false,
  });
  const { register, setValue, formState } = form;
  const { isValid, submitCount } = formState;
  const onSubmit = useValidatedSubmit(form);

  // Posting, or on the way to the checkout; not after history back to this page as it was left
  // (back-forward cache), where Select Payment works again.
  const current = useRef(navigation);
  current.current = navigation;
  const [restoredFrom, setRestoredFrom] = useState<typeof navigation | null>(null);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setRestoredFrom(current.current);
    };
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, []);
  const processing = navigation.formData !== undefined && navigation !== restoredFrom;

  const message = (field: OverdueField) => {
    const key = overdueMessageKey(formState.errors[field]?.message);
    return key ? t(key) : undefined;
  };
  const fieldOf = (field: OverdueField) => ({ id: ids[field], error: message(field) });
  const messages = Object.fromEntries(overdueFields.map((field) => [field, message(field)]));
  const announcer = useErrorAnnouncer(messages, submitCount);
  // As `Field` shows it: not while a finger is still on the page (the effect below scrolls to it).
  const emailError = useHeldWhilePressed(message("email"));

  // After an attempt with errors (in the browser, or refused by the action), the first field in
  // error gets the focus and its message is read with it; when the focus is already there (Enter
  // in the e-mail field), the message is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, with that attempt's errors
  useLayoutEffect(() => {
    if (submitCount === 0 && !refused) return;
    const first = overdueFields.find((field) => messages[field]);
    const element = first ? document.getElementById(ids[first]) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus();
    if (!moved) announcer.say(messages[first] ?? "");
  }, [submitCount, refused]);

  // The e-mail's message appears under the field when the person leaves it, or presses Enter in a
  // field the browser did not scroll (it was in view): nothing brings the message into view then,
  // and on a phone it would land under the sticky bar. It is scrolled into view, clear of the bar
  // (the page's scroll padding); a message already in view does not move the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the message appears or changes
  useLayoutEffect(() => {
    if (emailError) document.getElementById(emailIds.error)?.scrollIntoView({ block: "nearest" });
  }, [emailError, submitCount]);

  // The action's refusal for the whole form (spec §8 'Oops...'): a dialog once the page runs; in
  // the server's page (no scripts) a message above Select Payment.
  const formError = refused?.formError;
  const [closed, setClosed] = useState<unknown>(null);
  // The field the server's page focuses: the first the action refused.
  const refusedFirst = overdueFields.find((field) => refused?.errors[field]);

  const emailField = register(
    "email",
    trimOnBlur((value) => setValue("email", value)),
  );
  // Before the page runs Select Payment is the browser's own: always enabled, the action checks.
  const disabled = hydrated && (!isValid || processing);
  // Until then the form is as the server drew it, with the values it was drawn with.
  const [drawnValid] = useState(() => overdueFormSchema.safeParse({ ...prefilled, email }).success);
  const valid = hydrated ? isValid : drawnValid;

  return (
    <>
      <Card
        as={Form}
        method="post"
        id={ids.form}
        noValidate
        aria-labelledby={`${ids.receiver_name}-heading`}
        onSubmit={onSubmit}
        data-testid="overdue-form"
      >
        <CardTitle id={`${ids.receiver_name}-heading`}>{t("dropOff.overdue.receiverHeading")}</CardTitle>
        <input type="hidden" name="token" value={token ?? ""} />
        <input type="hidden" name="language" value={language} />
        <Field {...fieldOf("receiver_name")} label={t("dropOff.overdue.receiverName")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              {...register("receiver_name")}
              defaultValue={prefilled.receiver_name}
              className={inputClassName}
              readOnly
              data-testid="overdue-receiver-name"
            />
          )}
        </Field>
        <Field {...fieldOf("phone")} label={t("dropOff.overdue.phone")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              {...register("phone")}
              defaultValue={prefilled.phone}
              className={inputClassName}
              type="tel"
              inputMode="numeric"
              readOnly
              data-testid="overdue-phone"
            />
          )}
        </Field>
        <Field {...fieldOf("email")} label={t("dropOff.overdue.email")} hint={t("dropOff.overdue.emailHint")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              {...emailField}
              defaultValue={email}
              className={inputClassName}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder={t("dropOff.overdue.emailPlaceholder")}
              // The server's page of a refused post puts the focus on the field in error.
              // biome-ignore lint/a11y/noAutofocus: the field the person must correct, after their own post
              autoFocus={refusedFirst === "email"}
              onKeyDown={(event) => {
                // The disabled Select Payment button blocks Enter's submit: say what is missing instead.
                if (event.key === "Enter" && disabled) {
                  event.preventDefault();
                  if (!processing) event.currentTarget.form?.requestSubmit();
                }
              }}
              data-testid="overdue-email"
            />
          )}
        </Field>
        {formError !== undefined && !hydrated ? (
          <p className={styles.formError} role="alert" data-testid="overdue-form-error">
            <AlertIcon size={20} />
            <span>
              <strong>{t("errors.oops")}</strong> {formError || t("errors.somethingWrong")}
            </span>
          </p>
        ) : null}
        {announcer.region}
      </Card>

      <StickyActionBar
        sticky={variant === "mobile"}
        className={styles.actions}
        note={!valid && !emailError ? t("dropOff.overdue.disabledReason") : null}
        noteId={`${ids.email}-reason`}
        data-testid="overdue-actions"
      >
        <Button
          type="submit"
          id={`${ids.form}-submit`}
          form={ids.form}
          block
          disabled={disabled}
          aria-describedby={!valid ? (emailError ? emailIds.error : `${ids.email}-reason`) : undefined}
          data-testid="overdue-select-payment"
        >
          {processing ? (
            <>
              <Spinner size={18} /> {t("dropOff.overdue.processing")}
            </>
          ) : (
            t("dropOff.overdue.selectPayment")
          )}
        </Button>
      </StickyActionBar>

      <ErrorDialog
        open={hydrated && formError !== undefined && closed !== refused}
        message={formError}
        onClose={() => setClosed(refused)}
        // Select Payment was disabled while it posted: the focus goes back to it, not to the page.
        returnFocusTo={() => document.getElementById(`${ids.form}-submit`)}
      />
    </>
  );
}
