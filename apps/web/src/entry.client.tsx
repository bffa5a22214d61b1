import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationHolds } from "./lib/hydration-gate";
import { ensureLanguage, toLanguage } from "./lib/i18n";

// The server rendered in <html lang>; its messages (and any lazily loaded part it rendered, see
// lib/hydration-gate.ts) must be loaded before hydration matches.
Promise.all([ensureLanguage(toLanguage(document.documentElement.lang)), hydrationHolds()])
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
