import type { BusinessType, GuestBookForm as GuestBookFormSchema } from "@paxelbox/contract";
import { type FocusEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { LoadingOverlay } from "../../../components/loaders";
import { Field, inputClassName } from "../../../components/ui/field";
import { useConfig } from "../../../config/use-config";
import { useEnteredBeforeHydration, useLeftFieldsChecked } from "../../../lib/entered-before-hydration";
import { externalLink } from "../../../lib/external-links";
import { Trans, useT } from "../../../lib/i18n";
import { useHydrated } from "../../../lib/use-hydrated";
import { paths } from "../../../paths";
import { loadedGuestBookRuntime, loadGuestBookRuntime } from "../lib/load-runtime";
import { sendErrorMessage } from "../lib/send-error";
import { toSubmission } from "../lib/submission";
import type { SubmittedState } from "../lib/submitted-state";
import styles from "./guest-book-form.module.css";
import { useCaptcha } from "./use-captcha";

type FormInput = z.input<typeof GuestBookFormSchema>;
type FormOutput = z.output<typeof GuestBookFormSchema>;

/** Validates with the contract's zod fields (loaded with the guest book's runtime). */
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values, context, options) => {
  const runtime = await loadGuestBookRuntime();
  return (runtime.guestBookResolver as unknown as Resolver<FormInput, unknown, FormOutput>)(
    values,
    context,
    options,
  );
};
type FieldName = FieldPath<FormInput>;

const formTestId = "guest-book-form";

/** The sender's contact as the field keeps it: digits only (spec §5). */
const contactInput = (value: string) => value.replace(/\D/g, "");

/** Spec §4/§9: the loading overlay clears after 3000 ms. */
export const overlayClearMs = 3000;

/** Order of the fields on screen: the first one with an error gets the focus. */
const fieldOrder: FieldName[] = [
  "sender_name",
  "sender_contact",
  "email_address",
  "purpose",
  "message",
  "term_check",
];

const purposes = [
  { value: "paxelbox_locker", label: "marketing.guestBook.purposeLocker" },
  { value: "advertise_in_paxelbox", label: "marketing.guestBook.purposeAdvertise" },
] as const;

/**
 * The partnership guest book (spec §5): the contract's zod fields drive validation, texts are
 * trimmed, the phone keeps digits only; a submit touches every field and scrolls to the top, and
 * nothing is sent while any field has an error. The send carries a captcha token; failures show the
 * spec §8 popups, success opens the submitted page with the white-paper links.
 */
export function GuestBookForm({ businessType }: { businessType: BusinessType | undefined }) {
  const { t, language } = useT();
  const config = useConfig();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  // Sending needs the browser (captcha): the button waits for hydration.
  const ready = useHydrated();
  const [overlay, setOverlay] = useState(false);
  const [sending, setSending] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  const overlayTimer = useRef<number | undefined>(undefined);
  const topRef = useRef<HTMLFormElement>(null);

  // A visitor faster than the page keeps what they entered before it hydrated.
  const emptyForm = (): FormInput => ({
    sender_name: "",
    sender_contact: "",
    email_address: "",
    purpose: "",
    message: "",
    term_check: false,
    business_type: businessType,
  });
  const defaultValues = useEnteredBeforeHydration<FormInput>(
    `form[data-testid="${formTestId}"]`,
    emptyForm,
    // Digits only, as if it had been typed into the running page (spec §5).
    (entered) => ({ ...entered, sender_contact: contactInput(entered.sender_contact) }),
  );
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, submitCount },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    mode: "onTouched",
    shouldFocusError: false,
    defaultValues,
  });

  useLeftFieldsChecked(defaultValues, emptyForm, (name, value) =>
    setValue(name, value, { shouldTouch: true, shouldValidate: true }),
  );

  useEffect(() => () => window.clearTimeout(overlayTimer.current), []);

  /** Trims a text field when it loses focus (spec §5 "text trimmed on input"). */
  function trimmed(name: "sender_name" | "email_address" | "message") {
    const field = register(name);
    return {
      ...field,
      onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value.trim();
        if (value !== event.target.value) setValue(name, value, { shouldValidate: true });
        return field.onBlur(event);
      },
    };
  }

  const phone = register("sender_contact");

  function showOverlay() {
    setOverlay(true);
    window.clearTimeout(overlayTimer.current);
    overlayTimer.current = window.setTimeout(() => setOverlay(false), overlayClearMs);
  }

  async function send(values: FormOutput) {
    setSending(true);
    showOverlay();
    try {
      const token = await captcha.getToken();
      const { sendGuestBook } = await loadGuestBookRuntime();
      const result = await sendGuestBook(toSubmission(values, token));
      const state: SubmittedState = { whitePapers: result.white_papers };
      navigate(paths.guestBook.submitted.href(), { state });
    } catch (error) {
      captcha.reset();
      window.clearTimeout(overlayTimer.current);
      setOverlay(false);
      setPopup(
        sendErrorMessage(error, {
          generic: t("errors.serverError"),
          captchaPrefix: t("marketing.guestBook.captchaErrorPrefix"),
        }),
      );
    } finally {
      setSending(false);
    }
  }

  function invalid() {
    // Every field is validated (and shows its message); the page goes back to the top.
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }

  const onSubmit = handleSubmit(send, invalid);

  function message(name: FieldName): string | null {
    const text = errors[name]?.message;
    if (!text) return null;
    const key = loadedGuestBookRuntime()?.fieldMessageKey(text) ?? null;
    return key ? t(key) : text;
  }

  /** What every field takes: its message, and its name for the page's tests. */
  const fieldOf = (name: FieldName) => ({ error: message(name), "data-field": name });

  const messages = Object.fromEntries(fieldOrder.map((name) => [name, message(name) ?? undefined]));
  const announcer = useErrorAnnouncer(messages, submitCount);

  // After a submit with errors (once they are on screen and tied to their fields), the first field
  // with an error gets the focus, without undoing the scroll to the top; its message is read with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit, with that submit's errors
  useLayoutEffect(() => {
    if (submitCount === 0) return;
    const first = fieldOrder.find((name) => messages[name]);
    const element = first ? topRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus({ preventScroll: true });
    if (!moved) announcer.say(messages[first] ?? "");
  }, [submitCount]);

  return (
    <>
      <form
        ref={topRef}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        // The visitor starts the form: its captcha (and validation runtime) load now, not with the page.
        onFocus={captcha.start}
        onPointerDown={captcha.start}
        data-testid={formTestId}
      >
        {businessType ? (
          <p className={styles.type} data-testid="business-type">
            <span>{t("marketing.guestBook.businessType")}</span>
            <strong>{businessType}</strong>
            <Link to={paths.home.anchor("contact")} className={styles.change}>
              {t("marketing.guestBook.changeType")}
            </Link>
          </p>
        ) : null}
        <p className={styles.note}>{t("marketing.guestBook.requiredNote")}</p>

        <Field label={t("marketing.guestBook.senderName")} {...fieldOf("sender_name")}>
          {(fieldProps) => (
            <input
              {...trimmed("sender_name")}
              {...fieldProps}
              type="text"
              autoComplete="name"
              maxLength={100}
              className={inputClassName}
            />
          )}
        </Field>

        <Field
          label={t("marketing.guestBook.senderContact")}
          hint={t("marketing.guestBook.senderContactHint")}
          {...fieldOf("sender_contact")}
        >
          {(fieldProps) => (
            <input
              {...phone}
              {...fieldProps}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={20}
              className={inputClassName}
              onChange={(event) => {
                // Digits only while typing (spec §5).
                const digits = contactInput(event.target.value);
                if (digits !== event.target.value) event.target.value = digits;
                return phone.onChange(event);
              }}
            />
          )}
        </Field>

        <Field label={t("marketing.guestBook.emailAddress")} {...fieldOf("email_address")}>
          {(fieldProps) => (
            <input
              {...trimmed("email_address")}
              {...fieldProps}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              className={inputClassName}
            />
          )}
        </Field>

        <Field as="fieldset" label={t("marketing.guestBook.purpose")} {...fieldOf("purpose")}>
          {({ id: _radiosHaveNoId, ...fieldProps }) => (
            <div className={styles.choices}>
              {purposes.map((purpose) => (
                <label key={purpose.value} className={styles.choice}>
                  <input {...register("purpose")} {...fieldProps} type="radio" value={purpose.value} />
                  <span>{t(purpose.label)}</span>
                </label>
              ))}
            </div>
          )}
        </Field>

        <Field
          label={t("marketing.guestBook.message")}
          hint={t("marketing.guestBook.messageHint")}
          {...fieldOf("message")}
        >
          {(fieldProps) => (
            <textarea
              {...trimmed("message")}
              {...fieldProps}
              rows={5}
              maxLength={2000}
              className={inputClassName}
            />
          )}
        </Field>

        <Field {...fieldOf("term_check")}>
          {(fieldProps) => (
            <label className={styles.check}>
              <input {...register("term_check")} {...fieldProps} type="checkbox" />
              <span>
                <Trans
                  i18nKey="marketing.guestBook.termCheck"
                  components={{
                    terms: (
                      // biome-ignore lint/a11y/useAnchorContent: Trans fills the link text
                      <a
                        href={externalLink(config, language, "termsAndConditions")}
                        target="_blank"
                        rel="noopener noreferrer"
                      />
                    ),
                  }}
                />
              </span>
            </label>
          )}
        </Field>

        {captcha.field}
        {announcer.region}

        <Button type="submit" block disabled={!ready || sending} data-testid="guest-book-submit">
          {sending ? t("marketing.guestBook.sending") : t("marketing.guestBook.submit")}
        </Button>
      </form>
      <LoadingOverlay show={overlay} label={t("marketing.guestBook.sending")} />
      <ErrorDialog open={popup !== null} message={popup} onClose={() => setPopup(null)} />
    </>
  );
}
