import type { BusinessType, GuestBookForm as GuestBookFormSchema } from "@paxelbox/contract";
import { type FocusEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "../../../components/button";
import { useErrorAnnouncer } from "../../../components/error-announcer";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { LoadingOverlay } from "../../../components/loaders";
import { Field, inputClassName } from "../../../components/ui/field";
import { useConfig } from "../../../config/use-config";
import type { Refused } from "../../../lib/forms/action.server";
import { lazyResolver } from "../../../lib/forms/lazy-resolver";
import { useValidatedSubmit } from "../../../lib/forms/use-validated-submit";
import { Trans, useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { externalLink } from "../../../lib/security/external-links";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { paths } from "../../../paths";
import { captchaField, type GuestBookField, guestBookFields } from "../lib/fields";
import { loadedGuestBookRuntime, loadGuestBookRuntime } from "../lib/load-runtime";
import styles from "./guest-book-form.module.css";
import { useCaptcha } from "./use-captcha";

type FormInput = z.input<typeof GuestBookFormSchema>;
type FormOutput = z.output<typeof GuestBookFormSchema>;

/**
 * Validates with the contract's zod schema, the route action's (loaded with the guest book's
 * runtime). The fields start from the page, not from default values: radios none of which is
 * chosen read as no value, which the schema knows as "" (as the action reads an unposted one).
 */
const resolver = lazyResolver<FormInput, FormOutput>(async () => {
  const runtime = await loadGuestBookRuntime();
  const resolve = runtime.guestBookResolver as unknown as Resolver<FormInput, unknown, FormOutput>;
  return (values, context, options) =>
    resolve({ ...values, purpose: values.purpose ?? "" }, context, options);
});

const formTestId = "guest-book-form";

/** The sender's contact as the field keeps it: digits only (spec §5). */
const contactInput = (value: string) => value.replace(/\D/g, "");

/** Spec §4/§9: the loading overlay clears after 3000 ms. */
export const overlayClearMs = 3000;

const purposes = [
  { value: "paxelbox_locker", label: "marketing.guestBook.purposeLocker" },
  { value: "advertise_in_paxelbox", label: "marketing.guestBook.purposeAdvertise" },
] as const;

/** The action's field messages as react-hook-form keeps errors. */
function formErrors(refused: Refused<GuestBookField> | undefined): FieldErrors<FormInput> | undefined {
  if (!refused) return undefined;
  return Object.fromEntries(
    Object.entries(refused.errors).map(([name, message]) => [name, { type: "server", message }]),
  ) as FieldErrors<FormInput>;
}

const hasFieldErrors = (refused: Refused<GuestBookField>) => Object.keys(refused.errors).length > 0;

interface GuestBookFormProps {
  businessType: BusinessType | undefined;
  /** The route action's answer to a refused send: what was typed, and why it was refused. */
  refused: Refused<GuestBookField> | undefined;
}

/**
 * The partnership guest book (spec §5): a form posted to the route action, which decides (the
 * contract's schema, the captcha, the API). With the page's script, react-hook-form checks the same
 * schema first: texts are trimmed, the phone keeps digits only; a submit touches every field and
 * scrolls to the top, and nothing is sent while any field has an error. The send carries the
 * captcha's answer; a refusal shows the spec §8 popup, success opens the submitted page.
 *
 * Without the script the browser posts the form itself: the action answers with the fields kept, the
 * messages under them and, since only a script can solve the captcha, a note that says so. A form
 * sent before the script arrived is sent again once it runs, when nothing else was wrong with it.
 */
export function GuestBookForm({ businessType, refused }: GuestBookFormProps) {
  const { t, language } = useT();
  const link = useLanguageLink();
  const config = useConfig();
  const navigation = useNavigation();
  const captcha = useCaptcha();
  const hydrated = useHydrated();
  const [overlay, setOverlay] = useState(false);
  const [sending, setSending] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  const overlayTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  // The answer the page was drawn with (a form the browser posted before or without the script).
  const drawnWith = useRef(refused);
  const [mountedHydrated] = useState(hydrated);
  // What the fields start from: the values the page was drawn with, fixed from then on. The page's
  // later answers (a send without signal, a language switched in place) bring none, and a field's
  // start changed under it would empty what the browser shows for it.
  const [kept] = useState(() => refused?.values ?? {});

  // No default values: each field starts from what the page shows, the action's kept values or what
  // the visitor typed before the script ran.
  const serverErrors = useMemo(() => formErrors(refused), [refused]);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    mode: "onTouched",
    shouldFocusError: false,
    errors: serverErrors,
  });
  const {
    register,
    setValue,
    formState: { errors, submitCount },
  } = form;

  useEffect(() => () => window.clearTimeout(overlayTimer.current), []);

  /**
   * A text field's control: what was kept, its limit, and trimmed when it loses focus (spec §5
   * "text trimmed on input").
   */
  function textControl(name: "sender_name" | "email_address" | "message", maxLength: number) {
    const field = register(name);
    return {
      ...field,
      onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value.trim();
        if (value !== event.target.value) setValue(name, value, { shouldValidate: true });
        return field.onBlur(event);
      },
      defaultValue: kept[name],
      maxLength,
      className: inputClassName,
    };
  }

  const phone = register("sender_contact");

  function showOverlay() {
    setOverlay(true);
    window.clearTimeout(overlayTimer.current);
    overlayTimer.current = window.setTimeout(() => setOverlay(false), overlayClearMs);
  }

  function hideOverlay() {
    window.clearTimeout(overlayTimer.current);
    setOverlay(false);
  }

  /**
   * Spec §5: with errors the page is at the top — at once, as the package form does: a smooth
   * scroll is cut short when the messages and the captcha change the page's height on the way.
   */
  function toTop() {
    window.scrollTo({ top: 0, behavior: "auto" });
  }

  function focusFirstError(messages: Partial<Record<GuestBookField, string | undefined>>) {
    const first = guestBookFields.find((name) => messages[name]);
    const element = first ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (!first || !element) return;
    const moved = document.activeElement !== element;
    element.focus({ preventScroll: true });
    if (!moved) announcer.say(messages[first] ?? "");
  }

  const onSubmit = useValidatedSubmit(form, {
    // Valid: the captcha's answer goes with the fields (a fresh one per send). Without one the
    // action answers with the spec's captcha error.
    prepare: async (formData) => {
      setSending(true);
      showOverlay();
      formData.set(captchaField, await captcha.getToken().catch(() => ""));
      return formData;
    },
    // Every field is validated (and shows its message); the page goes back to the top.
    onInvalid: toTop,
  });

  // Sending ends when the post does: on a refusal the page stays (the answer is handled below).
  useEffect(() => {
    if (navigation.state === "idle") setSending(false);
  }, [navigation.state]);

  // The action refused a send this page made: the captcha's answer is spent, the overlay goes, and
  // the refusal shows — the API's under 'Oops...' (spec §8), the fields' under them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer of the action
  useEffect(() => {
    if (!refused || refused === drawnWith.current) return;
    captcha.reset();
    hideOverlay();
    // Without a message of the server's (a send that never reached it): the spec's own text.
    if (refused.formError !== undefined) setPopup(refused.formError || t("errors.serverError"));
    if (hasFieldErrors(refused)) {
      toTop();
      focusFirstError(refused.errors);
    }
  }, [refused]);

  // The page was drawn with the answer to a form the browser posted before the script could run (a
  // slow network): now that it runs, the captcha can be solved, and the form is sent again unless
  // a field has to be corrected first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has hydrated
  useEffect(() => {
    const first = drawnWith.current;
    if (!hydrated || mountedHydrated || !first || hasFieldErrors(first)) return;
    drawnWith.current = undefined;
    formRef.current?.requestSubmit(
      formRef.current.querySelector<HTMLButtonElement>('[data-testid="guest-book-submit"]'),
    );
  }, [hydrated]);

  // A phone typed before the script ran keeps digits only, as if typed into the running page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser
  useEffect(() => {
    const field = formRef.current?.elements.namedItem("sender_contact");
    if (!(field instanceof HTMLInputElement)) return;
    const digits = contactInput(field.value);
    if (digits !== field.value) setValue("sender_contact", digits);
  }, []);

  function message(name: GuestBookField): string | null {
    const text = errors[name]?.message;
    if (!text) return null;
    // The browser's checks speak the contract's words (shown in the page's language); the action's
    // answer is in the page's language already.
    const key = loadedGuestBookRuntime()?.fieldMessageKey(text) ?? null;
    return key ? t(key) : text;
  }

  /** What every field takes: its message, and its name for the page's tests. */
  const fieldOf = (name: GuestBookField) => ({ error: message(name), "data-field": name });

  const messages = Object.fromEntries(guestBookFields.map((name) => [name, message(name) ?? undefined]));
  const announcer = useErrorAnnouncer(messages, submitCount);

  // After a submit with errors (once they are on screen and tied to their fields), the first field
  // with an error gets the focus, without undoing the scroll to the top; its message is read with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit, with that submit's errors
  useLayoutEffect(() => {
    if (submitCount === 0) return;
    focusFirstError(messages);
  }, [submitCount]);

  // Shown where the page is drawn by the server (no script, or not yet): the form's refusal, which
  // can then only be that the captcha needs a script. What comes next depends on whether the
  // browser runs scripts, which only the browser knows: with them (still loading) the form goes by
  // itself once they run, unless a field is to be corrected; without them it cannot go. The script
  // shows refusals in the popup.
  const formError = hydrated ? null : refused?.formError;
  const sendsByItself = refused !== undefined && !hasFieldErrors(refused);

  return (
    <>
      <Form
        ref={formRef}
        method="post"
        className={`stack ${styles.form}`}
        noValidate
        onSubmit={onSubmit}
        // The visitor starts the form: its captcha (and validation runtime) load now, not with the page.
        onFocus={captcha.start}
        onPointerDown={captcha.start}
        data-testid={formTestId}
      >
        {businessType ? (
          <p className={`cluster ${styles.type}`} data-testid="business-type">
            <span>{t("marketing.guestBook.businessType")}</span>
            <strong>{businessType}</strong>
            <Link to={link(paths.home.anchor("contact"))} className={styles.change}>
              {t("marketing.guestBook.changeType")}
            </Link>
          </p>
        ) : null}
        <p className={styles.note}>{t("marketing.guestBook.requiredNote")}</p>
        {formError ? (
          <p className={styles.formError} role="alert" data-testid="guest-book-form-error">
            <AlertIcon size={20} />
            <span>
              {formError}{" "}
              {sendsByItself ? (
                <span className={styles.withScripts}>{t("marketing.guestBook.captchaSendsWhenLoaded")}</span>
              ) : null}
              <noscript>{t("marketing.guestBook.captchaNoScript")}</noscript>
            </span>
          </p>
        ) : null}

        <Field label={t("marketing.guestBook.senderName")} {...fieldOf("sender_name")}>
          {(fieldProps) => (
            <input {...textControl("sender_name", 100)} {...fieldProps} type="text" autoComplete="name" />
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
              defaultValue={kept.sender_contact}
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
              {...textControl("email_address", 254)}
              {...fieldProps}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </Field>

        <Field as="fieldset" label={t("marketing.guestBook.purpose")} {...fieldOf("purpose")}>
          {({ id: _radiosHaveNoId, ...fieldProps }) => (
            <div className={styles.choices}>
              {purposes.map((purpose) => (
                <label key={purpose.value} className={styles.choice}>
                  <input
                    {...register("purpose")}
                    {...fieldProps}
                    type="radio"
                    value={purpose.value}
                    defaultChecked={kept.purpose === purpose.value}
                  />
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
          {(fieldProps) => <textarea {...textControl("message", 2000)} {...fieldProps} rows={5} />}
        </Field>

        <Field {...fieldOf("term_check")}>
          {(fieldProps) => (
            <label className={styles.check}>
              <input
                {...register("term_check")}
                {...fieldProps}
                type="checkbox"
                defaultChecked={Boolean(kept.term_check)}
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
          )}
        </Field>

        {captcha.field}
        {announcer.region}

        <Button type="submit" block disabled={sending} data-testid="guest-book-submit">
          {sending ? t("marketing.guestBook.sending") : t("marketing.guestBook.submit")}
        </Button>
      </Form>
      <LoadingOverlay show={overlay} label={t("marketing.guestBook.sending")} />
      <ErrorDialog open={popup !== null} message={popup} onClose={() => setPopup(null)} />
    </>
  );
}
