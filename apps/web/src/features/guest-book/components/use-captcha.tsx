import type { CaptchaSetup } from "@paxelbox/contract";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Field, fieldStyles } from "../../../components/ui/field";
import { type Language, useT } from "../../../lib/i18n/i18n";
import { type AltchaRun, altchaToken } from "../lib/altcha-token";
import { captchaField } from "../lib/fields";
import { loadGuestBookRuntime } from "../lib/load-runtime";
import { recaptchaToken } from "../lib/recaptcha";
import { CaptchaUnavailableError } from "../lib/send-error";
import styles from "./guest-book-form.module.css";

/** The part of the ALTCHA widget element this form uses (see `altcha`'s `AltchaWidgetElement`). */
interface AltchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void> | void;
  getState: AltchaRun["getState"];
  reset(): void;
  verify: AltchaRun["verify"];
}

/** idle: not asked for yet (the visitor has not reached the form); loading: setup and widget on the way. */
type Status = "idle" | "loading" | "ready" | "error";

/** The ALTCHA widget fetches every challenge through the api client (the API wraps it in an envelope). */
async function altchaFetch(): Promise<Response> {
  const { fetchCaptchaSetup } = await loadGuestBookRuntime();
  const setup = await fetchCaptchaSetup();
  if (setup.provider !== "altcha") return new Response("{}", { status: 409 });
  return new Response(JSON.stringify(setup.challenge), { headers: { "content-type": "application/json" } });
}

async function mountAltcha(
  container: HTMLElement,
  language: Language,
  onPayload: (payload: string | null) => void,
): Promise<AltchaElement> {
  await import("altcha");
  await import("altcha/i18n/id");
  const widget = document.createElement("altcha-widget") as AltchaElement;
  widget.addEventListener("statechange", (event) => {
    const detail = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
    onPayload(detail.state === "verified" ? detail.payload : null);
  });
  widget.setAttribute("language", language);
  // Its hidden input carries the answer with the form's fields.
  widget.setAttribute("name", captchaField);
  const loaded = new Promise<void>((resolve) =>
    widget.addEventListener("load", () => resolve(), { once: true }),
  );
  container.replaceChildren(widget);
  await loaded;
  const { captchaSetupPath } = await loadGuestBookRuntime();
  await widget.configure({ challenge: captchaSetupPath, fetch: altchaFetch, language });
  verifyOnEntry(widget);
  return widget;
}

/**
 * A run of the proof of work when the visitor is in the form and the widget has no answer: now if
 * the focus is already there, else at the next focus into it, and again after a reset (an answer
 * spent on a refused send). Not the widget's `auto="onfocus"`: its state leaves "unverified" only
 * after an await, so a burst of focus changes (a script walking the fields) started a run for each
 * one, each aborting the one before, with a challenge and workers of its own.
 */
function verifyOnEntry(widget: AltchaElement): void {
  const form = widget.closest("form");
  let started = false;
  const run = () => {
    if (started || widget.getState() !== "unverified") return;
    started = true;
    widget.verify().catch(() => undefined);
  };
  widget.addEventListener("statechange", (event) => {
    if ((event as CustomEvent<{ state: string }>).detail.state === "unverified") started = false;
  });
  form?.addEventListener("focusin", run);
  if (form?.contains(document.activeElement)) run();
}

export interface Captcha {
  /** Where the widget goes, inside the form. */
  field: ReactNode;
  /**
   * The visitor has started the form (a focus or a tap in it): the setup and the widget load now if
   * they have not yet. Repeated calls do nothing while they load or once they are there.
   */
  start(): void;
  /** A fresh captcha token for one send; throws `CaptchaUnavailableError` when none can be had. */
  getToken(): Promise<string>;
  /** After a send the token is spent: the next send solves a new challenge. */
  reset(): void;
}

/**
 * The guest book's captcha (issue: ALTCHA proof of work by default, Google reCAPTCHA v3 when the
 * server is configured for it). The setup comes from the API; the setup, the ALTCHA widget and its
 * Indonesian texts (~37 KB gzip with the guest book's runtime) load when the visitor starts the
 * form — a focus or a tap in it, or the widget's place coming near the screen — not with the page:
 * a visitor who only reads the page never loads them (ADR 026). A send before that loads them too.
 */
export function useCaptcha(): Captcha {
  const { t, language } = useT();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const mounting = useRef<Promise<AltchaElement> | null>(null);
  const payload = useRef<string | null>(null);
  const setup = useRef<Promise<CaptchaSetup> | null>(null);
  const [provider, setProvider] = useState<CaptchaSetup["provider"] | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const started = useRef(false);
  const languageRef = useRef(language);
  languageRef.current = language;

  const prepare = useCallback(async (): Promise<CaptchaSetup> => {
    started.current = true;
    setStatus((current) => (current === "ready" ? current : "loading"));
    setup.current ??= loadGuestBookRuntime().then((runtime) => runtime.fetchCaptchaSetup());
    try {
      const current = await setup.current;
      setProvider(current.provider);
      if (current.provider === "altcha" && container.current) {
        mounting.current ??= mountAltcha(container.current, languageRef.current, (value) => {
          payload.current = value;
        });
        widget.current = await mounting.current;
      }
      setStatus("ready");
      return current;
    } catch (error) {
      setup.current = null;
      mounting.current = null;
      started.current = false;
      setStatus("error");
      throw error;
    }
  }, []);

  const start = useCallback(() => {
    if (!started.current) prepare().catch(() => undefined);
  }, [prepare]);

  // The widget's place near the screen starts it too (a visitor scrolling down to it), and so does a
  // form the visitor was already in before the page could answer (typing before hydration).
  useEffect(() => {
    const slot = container.current;
    const form = slot?.closest("form");
    if (!slot) return;
    const active = document.activeElement;
    const typed = [...(form?.elements ?? [])].some((field) =>
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
        ? field.checked
        : (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== "",
    );
    if ((active && form?.contains(active)) || typed) {
      start();
      return;
    }
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(slot.parentElement ?? slot);
    return () => observer.disconnect();
  }, [start]);

  useEffect(() => {
    void widget.current?.configure({ language });
    widget.current?.setAttribute("language", language);
  }, [language]);

  const getToken = useCallback(async (): Promise<string> => {
    let current: CaptchaSetup;
    try {
      current = await prepare();
    } catch (error) {
      throw new CaptchaUnavailableError("The captcha setup could not be loaded", { cause: error });
    }
    try {
      if (current.provider === "recaptcha") return await recaptchaToken(current.siteKey, current.action);
      const element = widget.current;
      if (!element) throw new Error("The captcha widget is not ready");
      const token = await altchaToken(element, payload.current);
      if (!token) throw new Error("The captcha was not solved");
      return token;
    } catch (error) {
      throw new CaptchaUnavailableError("No captcha token", { cause: error });
    }
  }, [prepare]);

  const reset = useCallback(() => {
    payload.current = null;
    widget.current?.reset();
  }, []);

  const field = (
    <Field
      as="group"
      label={t("marketing.guestBook.captcha")}
      hint={provider === "recaptcha" ? t("marketing.guestBook.captchaRecaptcha") : undefined}
    >
      {provider === "recaptcha" ? null : (
        <div
          className={`stack ${styles.captcha}`}
          data-status={status}
          data-start-near=""
          data-testid="captcha"
        >
          <div ref={container} className={styles.captchaSlot} />
          {status === "loading" || status === "idle" ? (
            <p className={`${fieldStyles.hint} ${styles.captchaLoading}`}>
              {t("marketing.guestBook.captchaLoading")}
            </p>
          ) : null}
          {/* Only a script can solve the captcha: a browser that runs none is told so before a send. */}
          <noscript>
            <p className={styles.captchaNoScript} data-testid="captcha-no-script">
              {t("marketing.guestBook.captchaNoScript")}
            </p>
          </noscript>
        </div>
      )}
    </Field>
  );

  return { field, start, getToken, reset };
}
