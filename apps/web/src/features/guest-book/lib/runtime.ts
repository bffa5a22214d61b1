import { zodResolver } from "@hookform/resolvers/zod";
import { GuestBookForm } from "@paxelbox/contract";
import { captchaSetupPath, fetchCaptchaSetup } from "../api/captcha-setup";
import { sendGuestBook } from "../api/send-guest-book";
import { fieldMessageKey } from "./field-messages";

/**
 * Everything of the guest book that needs the contract's schemas (zod) and the api client: the
 * form's validation (the same zod fields as the API), the send and the captcha setup. Loaded right
 * after the page hydrates (see `load-runtime.ts`), so the page's own JavaScript stays small.
 */
export const guestBookResolver = zodResolver(GuestBookForm);

export { captchaSetupPath, fetchCaptchaSetup, fieldMessageKey, sendGuestBook };
