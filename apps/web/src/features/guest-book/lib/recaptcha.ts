/**
 * Google reCAPTCHA v3 (used when the server's captcha setup names it): the script is added on
 * demand, and a token is asked for at send time with the action `guestbook_submit`.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const scripts = new Map<string, Promise<Grecaptcha>>();

export function recaptchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  let loading = scripts.get(siteKey);
  if (!loading) {
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = recaptchaScriptUrl(siteKey);
      script.async = true;
      script.onload = () => {
        const api = window.grecaptcha;
        if (!api) reject(new Error("reCAPTCHA did not load"));
        else api.ready(() => resolve(api));
      };
      script.onerror = () => reject(new Error("reCAPTCHA could not be loaded"));
      document.head.append(script);
    });
    loading.catch(() => scripts.delete(siteKey));
    scripts.set(siteKey, loading);
  }
  return loading;
}

export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const api = await loadRecaptcha(siteKey);
  return api.execute(siteKey, { action });
}
