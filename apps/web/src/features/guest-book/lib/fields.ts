/**
 * The guest book's posted fields (spec §3), in their order on screen: the route action reads them,
 * the form names its controls after them and gives the focus to the first one with an error.
 */
export const guestBookFields = [
  "sender_name",
  "sender_contact",
  "email_address",
  "purpose",
  "message",
  "term_check",
] as const;
export type GuestBookField = (typeof guestBookFields)[number];

/**
 * The captcha's answer: the ALTCHA widget's hidden input, or the token a script puts there at send
 * time (reCAPTCHA, or a widget that had to be asked). Only a script can fill it, so a form posted
 * without this field at all was sent with no script running.
 */
export const captchaField = "captcha";
