import "./lib/ssr/zod-jitless";
import "./styles/global.css";
import { lockerUtcOffsetMinutes } from "@paxelbox/contract";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Button } from "./components/button";
import { AlertIcon } from "./components/icons";
import { AppLayout } from "./components/layouts/app-layout";
import { PageTitle } from "./components/page-title";
import { Toaster } from "./components/toaster";
import { ResultPanel } from "./components/ui/result-panel";
import { themeColor } from "./config/brand";
import { getServerConfig } from "./config/config.server";
import { fallbackPublicConfig } from "./config/public-config";
import { setRuntimeConfig } from "./config/runtime-config";
import {
  changeLanguage,
  createI18n,
  ensureLanguage,
  type I18n,
  I18nProvider,
  languageFromCookieHeader,
  storedLanguage,
  useLanguageOf,
  useT,
} from "./lib/i18n/i18n";
import { isLanguage } from "./lib/i18n/language";
import { keepPage, registerServiceWorker } from "./lib/offline/service-worker";
import { nonceHeader } from "./lib/security/csp";
import { fontPreloads } from "./lib/ssr/fonts";
import { isSharedPage } from "./lib/ssr/shared-cache";
import { useHydrated } from "./lib/ssr/use-hydrated";
import { isMobileUserAgent } from "./lib/ssr/variant";
import { addressedLanguage, preloadSession } from "./lib/ssr/web-view-preload.server";
import { useWebVitals } from "./lib/telemetry/web-vitals";
import { webVitalsRoute } from "./lib/telemetry/web-vitals.server";
import { paths } from "./paths";
import styles from "./root.module.css";

/**
 * Public configuration, the language to render and a first guess at the device. The language is
 * a member's own when a web-view page is opened with their token (validated here, ADR 011), else
 * the `lang` query when valid (the `hreflang` alternates of the marketing pages), else the cookie.
 * A page a shared cache keeps (ADR 021) makes no guess from the user agent: its copy serves all.
 */
export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const url = new URL(request.url);
  const session = await preloadSession(context, request);
  const language = addressedLanguage(session, url) ?? languageFromCookieHeader(request.headers.get("cookie"));
  await ensureLanguage(language);
  return {
    config: config.public,
    language,
    mobileDevice: isSharedPage(url, request.method)
      ? undefined
      : isMobileUserAgent(request.headers.get("user-agent")),
    /** This response's Content-Security-Policy nonce (set by the web server; see server/app.ts). */
    nonce: request.headers.get(nonceHeader) ?? undefined,
    /** The member of a web-view page opened with a token, checked on the server. */
    session,
    /**
     * The server's clock and the offset from UTC (minutes east) it writes times at: the lockers'
     * (WIB), whatever zone the server runs in; hydration renders times as the server did (ADR 029).
     */
    render: { now: Date.now(), utcOffsetMinutes: lockerUtcOffsetMinutes },
    /** The route pattern a page view reports its Web Vitals under, and the share of views that do. */
    webVitals: { route: webVitalsRoute(pattern), sampleRate: config.webVitalsSampleRate },
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

export const links: Route.LinksFunction = () => [
  { rel: "icon", type: "image/svg+xml", href: favicon },
  { rel: "manifest", href: paths.webManifest.href() },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  ...fontPreloads,
];

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

/**
 * Offline support: the service worker registers after the page has loaded, and pages reached by
 * client-side navigation are kept too (a full load is kept by the worker itself).
 */
function useOfflineSupport() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    registerServiceWorker();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    keepPage(window.location.href);
  }, [location.pathname, location.search]);
}

/**
 * Marks the document once React has hydrated it and the hydration flag has turned (browser tests
 * wait for `html[data-hydrated]`): every reader of the flag has rendered with `true` by then. A
 * component of its own, so that the turn renders it alone, not the layout (ADR 032).
 */
function HydratedMarker() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const config = data?.config ?? fallbackPublicConfig;
  // One i18n instance per server request, and per browser session.
  const [i18n] = useState(() => createI18n(data?.language ?? "id", { product: config.productName }));
  const language = useLanguageOf(i18n);
  setRuntimeConfig(config);
  useStoredLanguagePreference(i18n);
  useOfflineSupport();
  useWebVitals(data?.webVitals);

  return (
    <html lang={language} data-server-rendered="">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          {children}
          <Toaster />
          <HydratedMarker />
        </I18nProvider>
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

/** Only pages that answer 404 from a loader need it: it loads with them, not with every page. */
const NotFoundContent = lazy(() =>
  import("./components/not-found-content").then((module) => ({ default: module.NotFoundContent })),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundContent />
      </Suspense>
    );
  }
  return <UnexpectedError />;
}

function UnexpectedError() {
  const { t } = useT();
  return (
    <main className={styles.error} data-testid="unexpected-error">
      <PageTitle title={t("errors.unexpectedTitle")} />
      <ResultPanel
        card
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t("errors.unexpectedTitle")}
        message={t("errors.unexpectedLine")}
        actions={<Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>}
      />
    </main>
  );
}
