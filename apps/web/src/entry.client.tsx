import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ensureLanguage } from "./lib/i18n/i18n";
import { toLanguage } from "./lib/i18n/language";

// The server rendered in <html lang>; its messages must be loaded before hydration matches.
ensureLanguage(toLanguage(document.documentElement.lang))
  .catch(() => undefined)
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
