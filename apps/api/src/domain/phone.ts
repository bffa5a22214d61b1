/**
 * An Indonesian mobile number as E.164 digits without the `+` (the form the WhatsApp Cloud API takes
 * in `to`): `0812…`, `62812…` and `+62812…` all give `62812…`; spaces, dashes, dots and brackets are
 * ignored, and a trunk `0` written after the country code (`+62 0812…`) is dropped. Anything else —
 * another country, a landline, too short or too long — is refused with null: a message is sent only
 * to a number we are sure of.
 */
export function toE164(phone: string): string | null {
  const compact = phone.trim().replace(/[\s().-]/g, "");
  const match = /^(?:\+62|62|0)0?(8\d{7,11})$/.exec(compact);
  return match ? `62${match[1]}` : null;
}
