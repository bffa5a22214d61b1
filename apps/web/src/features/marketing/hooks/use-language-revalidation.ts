import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { type Language, useT } from "../../../lib/i18n/i18n";

/**
 * Marketing content is loaded by the route's server loader in the page's language. When the
 * visitor switches language, the loader runs again (the language cookie is already written), so
 * the banner and services come back in the new language from the server. A `lang` query that no
 * longer matches is dropped from the address on the way.
 */
export function useLanguageRevalidation(loadedLanguage: Language): void {
  const { language } = useT();
  const revalidator = useRevalidator();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = useRef<Language>(loadedLanguage);

  useEffect(() => {
    // Ask once per language, so a browser that refuses the cookie cannot loop.
    if (language === loadedLanguage || requested.current === language) return;
    requested.current = language;
    const search = new URLSearchParams(location.search);
    if (search.has("lang") && search.get("lang") !== language) {
      search.delete("lang");
      const query = search.toString();
      navigate(
        { pathname: location.pathname, search: query ? `?${query}` : "", hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
      return;
    }
    void revalidator.revalidate();
  }, [language, loadedLanguage, revalidator, location, navigate]);
}
