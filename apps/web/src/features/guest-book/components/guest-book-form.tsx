import type { BusinessType, GuestBookForm as GuestBookFormSchema } from "@paxelbox/contract";
import { type FocusEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { LoadingOverlay } from "../../../components/loaders";
import { useConfig } from "../../../config/use-config";
import { externalLink } from "../../../lib/external-links";
import { Trans, useT } from "../../../lib/i18n";
import { paths } from "../../../paths";
import { loadedGuestBookRuntime, loadGuestBookRuntime } from "../lib/load-runtime";
import { sendErrorMessage } from "../lib/send-error";
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
  const [ready, setReady] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const [sending, setSending] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  const overlayTimer = useRef<number | undefined>(undefined);
  const topRef = useRef<HTMLFormElement>(null);

  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, submitCount },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    mode: "onTouched",
    shouldFocusError: false,
    defaultValues: {
      sender_name: "",
      sender_contact: "",
      email_address: "",
      purpose: "",
      message: "",
      term_check: false,
      business_type: businessType,
    },
  });

  // Sending needs the browser (captcha): the button waits for hydration.
  useEffect(() => setReady(true), []);
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
      const result = await sendGuestBook({
        sender_name: values.sender_name,
        sender_contact: values.sender_contact,
        sender_email: values.email_address,
        requested_value: values.purpose as "paxelbox_locker" | "advertise_in_paxelbox",
        message: values.message,
        business_type: values.business_type,
        token,
      });
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
      <form ref={topRef} className={styles.form} noValidate onSubmit={onSubmit} data-testid="guest-book-form">
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

        <Field name="sender_name" label={t("marketing.guestBook.senderName")} error={message("sender_name")}>
          {(ids) => (
            <input
              {...trimmed("sender_name")}
              {...ids}
              type="text"
              autoComplete="name"
              maxLength={100}
              className={styles.input}
            />
          )}
        </Field>

        <Field
          name="sender_contact"
          label={t("marketing.guestBook.senderContact")}
          hint={t("marketing.guestBook.senderContactHint")}
          error={message("sender_contact")}
        >
          {(ids) => (
            <input
              {...phone}
              {...ids}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={20}
              className={styles.input}
              onChange={(event) => {
                // Digits only while typing (spec §5).
                const digits = event.target.value.replace(/\D/g, "");
                if (digits !== event.target.value) event.target.value = digits;
                return phone.onChange(event);
              }}
            />
          )}
        </Field>

        <Field
          name="email_address"
          label={t("marketing.guestBook.emailAddress")}
          error={message("email_address")}
        >
          {(ids) => (
            <input
              {...trimmed("email_address")}
              {...ids}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              className={styles.input}
            />
          )}
        </Field>

        <fieldset className={styles.fieldset} data-field="purpose">
          <legend className={styles.label}>{t("marketing.guestBook.purpose")}</legend>
          <div className={styles.choices}>
            {purposes.map((purpose) => (
              <label key={purpose.value} className={styles.choice}>
                <input
                  {...register("purpose")}
                  type="radio"
                  value={purpose.value}
                  aria-invalid={errors.purpose ? true : undefined}
                  aria-describedby={errors.purpose ? "guest-book-purpose-error" : undefined}
                />
                <span>{t(purpose.label)}</span>
              </label>
            ))}
          </div>
          <FieldError id="guest-book-purpose-error">{message("purpose")}</FieldError>
        </fieldset>

        <Field
          name="message"
          label={t("marketing.guestBook.message")}
          hint={t("marketing.guestBook.messageHint")}
          error={message("message")}
        >
          {(ids) => (
            <textarea
              {...trimmed("message")}
              {...ids}
              rows={5}
              maxLength={2000}
              className={styles.textarea}
            />
          )}
        </Field>

        <div className={styles.field} data-field="term_check">
          <label className={styles.check}>
            <input
              {...register("term_check")}
              type="checkbox"
              aria-invalid={errors.term_check ? true : undefined}
              aria-describedby={errors.term_check ? "guest-book-term-error" : undefined}
            />
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
          <FieldError id="guest-book-term-error">{message("term_check")}</FieldError>
        </div>

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

interface FieldIds {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: FieldName;
  label: string;
  hint?: string;
  error: ReactNode;
  children: (ids: FieldIds) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field} data-field={name}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error} data-testid="field-error">
      <AlertIcon size={16} />
      <span>{children}</span>
    </p>
  );
}
