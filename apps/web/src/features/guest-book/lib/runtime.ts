import { zodResolver } from "@hookform/resolvers/zod";
import { GuestBookForm } from "@paxelbox/contract";
import { captchaSetupPath, fetchCaptchaSetup } from "../api/captcha-setup";
import { fieldMessageKey } from "./field-messages";

/**
 * What of the guest book needs the contract's schemas (zod) and the api client in the browser: the
 * form's validation (the same zod schema as the route action's and the API's), its messages' keys
 * and the captcha setup. Loaded when the visitor starts the form (see `load-runtime.ts`), not with
 * the page.
 */
export const guestBookResolver = zodResolver(GuestBookForm);

export { captchaSetupPath, fetchCaptchaSetup, fieldMessageKey };
