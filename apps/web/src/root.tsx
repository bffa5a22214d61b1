import "./lib/zod-jitless";
import "./styles/global.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Button } from "./components/button";
import { AlertIcon } from "./components/icons";
import { AppLayout } from "./components/layouts/app-layout";
import { NotFoundContent } from "./components/not-found-content";
import { PageTitle } from "./components/page-title";
import { Toaster } from "./components/toaster";
import { getServerConfig } from "./config/config.server";
import { fallbackPublicConfig } from "./config/public-config";
import { nonceHeader } from "./lib/csp";
import {
  changeLanguage,
  createI18n,
  ensureLanguage,
  type I18n,
  I18nextProvider,
  isLanguage,
  languageFromCookieHeader,
  storedLanguage,
  useLanguageOf,
  useT,
} from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";
import { setRuntimeConfig } from "./lib/runtime-config";
import { isMobileUserAgent } from "./lib/variant";
import styles from "./root.module.css";

/**
 * Public configuration, the language to render and a first guess at the device. The language is
 * the `lang` query when valid (the `hreflang` alternates of the marketing pages), else the cookie.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("lang");
  const language = isLanguage(requested)
    ? requested
    : languageFromCookieHeader(request.headers.get("cookie"));
  await ensureLanguage(language);
  return {
    config: getServerConfig().public,
    language,
    mobileDevice: isMobileUserAgent(request.headers.get("user-agent")),
    /** This response's Content-Security-Policy nonce (set by the web server; see server/app.ts). */
    nonce: request.headers.get(nonceHeader) ?? undefined,
  };
}

// The configuration and language do not change while the page is open.
export function shouldRevalidate() {
  return false;
}

const favicon =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="1" y="1" width="30" height="30" rx="8" fill="#5b2ed9"/><rect x="7" y="7" width="8" height="8" rx="1.5" fill="#fff"/><rect x="17" y="7" width="8" height="8" rx="1.5" fill="#fff"/><rect x="7" y="17" width="8" height="8" rx="1.5" fill="#fff"/><rect x="17" y="17" width="8" height="8" rx="1.5" fill="#ffb020"/></svg>',
  );

export const links: Route.LinksFunction = () => [{ rel: "icon", type: "image/svg+xml", href: favicon }];

/**
 * The stored language choice wins over the cookie (e.g. after the cookie expired); a `lang` query
 * (a language link) wins over both and becomes the stored choice.
 */
function useStoredLanguagePreference(i18n: I18n) {
  useEffect(() => {
    // Switches when they differ, and in any case refreshes the cookie mirror.
    const requested = new URLSearchParams(window.location.search).get("lang");
    const stored = isLanguage(requested) ? requested : storedLanguage();
    if (stored) void changeLanguage(i18n, stored);
  }, [i18n]);
}

/** Marks the document once React has hydrated it (browser tests wait for `html[data-hydrated]`). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const config = data?.config ?? fallbackPublicConfig;
  // One i18n instance and one QueryClient per server request, and per browser session.
  const [i18n] = useState(() => createI18n(data?.language ?? "id", { product: config.productName }));
  const [queryClient] = useState(createQueryClient);
  const language = useLanguageOf(i18n);
  setRuntimeConfig(config);
  useStoredLanguagePreference(i18n);
  useHydratedMarker();

  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#5b2ed9" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            {children}
            <Toaster />
          </QueryClientProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <UnexpectedError />;
}

function UnexpectedError() {
  const { t } = useT();
  return (
    <main className={styles.error} data-testid="unexpected-error">
      <PageTitle title={t("errors.unexpectedTitle")} />
      <div className={styles.errorPanel}>
        <span className={styles.errorIcon}>
          <AlertIcon size={28} />
        </span>
        <h1>{t("errors.unexpectedTitle")}</h1>
        <p>{t("errors.unexpectedLine")}</p>
        <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
      </div>
    </main>
  );
}
