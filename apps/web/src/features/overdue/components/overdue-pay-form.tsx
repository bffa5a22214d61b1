import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { useEffect, useId, useLayoutEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { isFeatureEnabled, useSettings } from "../../../api/settings";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { Spinner } from "../../../components/loaders";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field, fieldIds, inputClassName, trimOnBlur } from "../../../components/ui/field";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { useVariant } from "../../../hooks/use-variant";
import { errorMessage } from "../../../lib/api-client";
import { useEnteredBeforeHydration, useLeftFieldsChecked } from "../../../lib/entered-before-hydration";
import { useT } from "../../../lib/i18n";
import { lazyModule } from "../../../lib/lazy-module";
import { isSafeUrl } from "../../../lib/safe-url";
import { keptEmail } from "../lib/kept-email";
import {
  type OverdueField,
  type OverdueFormInput,
  type OverdueFormValues,
  overdueFields,
  overdueFormResolver,
  overdueMessageKey,
  prefilledErrors,
} from "../lib/overdue-form";
import styles from "./overdue-payment-screen.module.css";

/**
 * The payment calls are not part of the form's code: they load once the person starts on the form
 * or it can be sent (Select Payment is disabled until then), so paying does not wait for them.
 */
const paymentFlow = lazyModule(() => import("../lib/pay-overdue"));
const loadPaymentFlow = () => void paymentFlow.load().catch(() => undefined);

export interface OverduePayFormProps {
  detail: OverdueDropoffDetail;
  token: string | null;
  linkToken: string | null;
  invoiceNumber: string;
}

/**
 * The recipient's details, the email and Select Payment (spec §2 "Overdue payment page", §5). Its
 * code loads on the form's first use; the page shows the server's copy until then
 * (`overdue-pay-form-on-use.tsx`, ADR 026).
 */
export function OverduePayForm({ detail, token, linkToken, invoiceNumber }: OverduePayFormProps) {
  const { t, language } = useT();
  const variant = useVariant();
  const settings = useSettings();
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const ids = {
    form: useId(),
    receiver_name: useId(),
    phone: useId(),
    email: useId(),
  };
  const emailIds = fieldIds(ids.email);

  // The prefilled name and phone cannot be changed here: what is wrong with them shows from the
  // first render (the server's HTML); the email's message once the person has left it, or tried to
  // pay. An email typed into the server's HTML before the page hydrated is kept.
  const { email: typedEmail } = useEnteredBeforeHydration('form[data-testid="overdue-form"]', () => ({
    email: "",
  }));
  const [prefilled] = useState(() => ({
    receiver_name: detail.recipientName,
    phone: detail.takeUserPhoneNumber,
    email: typedEmail,
  }));
  const [initialErrors] = useState(() => prefilledErrors(prefilled));
  const { register, handleSubmit, setValue, getValues, formState } = useForm<
    OverdueFormInput,
    unknown,
    OverdueFormValues
  >({
    resolver: overdueFormResolver,
    defaultValues: prefilled,
    errors: initialErrors,
    mode: "onTouched",
    shouldFocusError: false,
  });
  useLeftFieldsChecked(
    { email: typedEmail },
    () => ({ email: "" }),
    (name, value) => setValue(name, value, { shouldTouch: true, shouldValidate: true }),
  );
  const { isValid, submitCount } = formState;

  const message = (field: OverdueField) => {
    const key = overdueMessageKey(formState.errors[field]?.message);
    return key ? t(key) : undefined;
  };
  const fieldOf = (field: OverdueField) => ({ id: ids[field], error: message(field) });
  const messages = Object.fromEntries(overdueFields.map((field) => [field, message(field)]));
  const announcer = useErrorAnnouncer(messages, submitCount);

  // After an attempt with errors, the first field in error gets the focus and its message is read
  // with it; when the focus is already there (Enter in the e-mail field), the message is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, with that attempt's errors
  useLayoutEffect(() => {
    if (submitCount === 0) return;
    const first = overdueFields.find((field) => messages[field]);
    const element = first ? document.getElementById(ids[first]) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus();
    if (!moved) announcer.say(messages[first] ?? "");
  }, [submitCount]);

  // The email typed before a failed or cancelled payment (kept for this tab).
  useEffect(() => {
    const email = keptEmail(detail.id);
    if (email && !getValues("email")) {
      setValue("email", email, { shouldTouch: true, shouldValidate: true });
    }
  }, [detail.id, getValues, setValue]);

  useEffect(() => {
    if (isValid || document.getElementById(ids.form)?.contains(document.activeElement)) loadPaymentFlow();
  }, [isValid, ids.form]);

  // History back from the payment page to this page as it was left (back-forward cache): Select
  // Payment works again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setProcessing(false);
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, []);

  const pay = async (values: OverdueFormValues) => {
    if (processing || !settings.data) return;
    setProcessing(true);
    try {
      const { payOverdue, returnUrls } = await paymentFlow.load();
      const url = await payOverdue({
        detail,
        email: values.email,
        invoiceNumber,
        receiverName: values.receiver_name,
        phone: values.phone,
        language,
        snap: isFeatureEnabled(settings.data, "snap_bi_dropoff"),
        urls: returnUrls(window.location.origin, detail.id, linkToken ?? token),
        token,
      });
      if (url === null) {
        // Spec §8: another code from the submit only stops the loading.
        setProcessing(false);
        return;
      }
      if (!isSafeUrl(url)) throw new Error("The payment page address is not an http(s) URL");
      window.location.assign(url);
    } catch (error) {
      setFailure(error);
      setProcessing(false);
    }
  };
  /**
   * Select Payment, or Enter in the email field: pay, or show every message and go to the first.
   * The email shows as sent, without the spaces around it (the rules trim it too).
   */
  const submit = () => {
    const email = getValues("email") ?? "";
    if (email.trim() !== email) setValue("email", email.trim());
    return handleSubmit(pay)();
  };
  const email = register(
    "email",
    trimOnBlur((value) => setValue("email", value)),
  );

  const emailError = message("email");

  return (
    <>
      <Card
        as="form"
        id={ids.form}
        noValidate
        aria-labelledby={`${ids.receiver_name}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        onFocus={loadPaymentFlow}
        data-testid="overdue-form"
      >
        <CardTitle id={`${ids.receiver_name}-heading`}>{t("dropOff.overdue.receiverHeading")}</CardTitle>
        <Field {...fieldOf("receiver_name")} label={t("dropOff.overdue.receiverName")}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              value={prefilled.receiver_name}
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
              value={prefilled.phone}
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
              {...email}
              className={inputClassName}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder={t("dropOff.overdue.emailPlaceholder")}
              onKeyDown={(event) => {
                // The disabled Select Payment button blocks Enter's submit: say what is missing instead.
                if (event.key === "Enter" && !isValid) {
                  event.preventDefault();
                  void submit();
                }
              }}
              data-testid="overdue-email"
            />
          )}
        </Field>
        {announcer.region}
      </Card>

      <StickyActionBar
        sticky={variant === "mobile"}
        className={styles.actions}
        note={!isValid && !emailError ? t("dropOff.overdue.disabledReason") : null}
        noteId={`${ids.email}-reason`}
        data-testid="overdue-actions"
      >
        <Button
          type="submit"
          form={ids.form}
          block
          disabled={!isValid || processing || !settings.data}
          aria-describedby={!isValid ? (emailError ? emailIds.error : `${ids.email}-reason`) : undefined}
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
        open={failure !== null}
        message={errorMessage(failure, t("errors.somethingWrong"))}
        onClose={() => setFailure(null)}
      />
    </>
  );
}
