import { useAddressLanguage } from "../lib/i18n/language-link";

/** A GET form's `lang`, when the page's address names its language (`useAddressLanguage`). */
export function AddressLanguageField() {
  const language = useAddressLanguage();
  return language ? <input type="hidden" name="lang" value={language} /> : null;
}
