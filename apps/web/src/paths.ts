/**
 * Every route path of spec §2 and the spec's named routes, in one module.
 * `pattern` is what `routes.ts` registers; `href()` builds a link with its query parameters.
 * Nothing else in the app writes a path string by hand.
 */

import type { ScenarioId } from "@paxelbox/contract";

type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Query of the landing page: an order id sends the visitor on to the overdue flow. */
export interface HomeQuery extends Query {
  orderid?: string | number;
  /** The page's language, when a page without a token sends a visitor on in English. */
  lang?: "en";
}
/** Query of the landing's locker finder, sent by its form and its "show more" link. */
export interface FinderQuery extends Query {
  q?: string;
  shown?: number;
}
/** Query of the drop-off package form. */
export interface PackageQuery extends Query {
  boxId?: string | number;
  name?: string;
}
/** Query of the order detail page. */
export interface OrderQuery extends Query {
  orderid?: string | number;
  token?: string;
  preview?: "true";
}
/** Query of the guest-book form. */
export interface GuestBookQuery extends Query {
  business_type?: "Individu" | "Business";
  /** The page's language, when its address names it (a language link). */
  lang?: "id" | "en";
}
/** Query of the overdue payment page (and of its success-payment page). */
export interface OverdueQuery extends Query {
  orderid?: string | number;
  token?: string;
  /** The page's language when it is not the default (a gateway's return keeps it). */
  lang?: "en";
  status?: "cancel" | "failed";
  /**
   * A payment return's claim (spec §4), which proves nothing: the page asks the server. REFUNDED:
   * the API's word that this charge was given back (the fee was already paid, or the order moved on).
   */
  payment_status?: "SUCCESS" | "FAILED" | "CANCELLED" | "REFUNDED";
  overdue?: "true";
  /** The paid page without scripts: when its first check was drawn (the server's ms), while it waits. */
  since?: number;
}
/** Query of the rent-status pages (spec §2). */
export interface OrderStatusQuery extends Query {
  orderid?: string | number;
  token?: string;
  status?: "overdue" | "stop";
  act?: "cancel_success" | "stop_success" | "stop_count" | "open_locker";
  qrdisplay?: "data" | "overdue";
  preview?: "true";
  overdue?: "true";
  /** As the overdue page's: REFUNDED, this charge was given back. */
  payment_status?: "SUCCESS" | "FAILED" | "CANCELLED" | "REFUNDED";
  /** On 'Rent Cancelled' after a cancel the route action made: the page records its event (ADR 043). */
  record?: "cancel";
}

/** Query of the demo inbox: one recipient's messages (a phone number or an e-mail address). */
export interface DemoInboxQuery extends Query {
  to?: string;
  lang?: "id" | "en";
}

/** Landing-page anchors (spec §2). */
export const landingAnchors = {
  paxelbox: "paxelbox",
  services: "services",
  location: "location",
  contact: "contact",
} as const;
export type LandingAnchor = keyof typeof landingAnchors;

export const paths = {
  /** Named route `index`. */
  home: {
    pattern: "/",
    href: (query?: HomeQuery) => withQuery("/", query),
    anchor: (anchor: LandingAnchor) => `/#${landingAnchors[anchor]}`,
    /** The locker finder's list as the server draws it: a search (`q`), this many shown (`shown`). */
    finder: (query: FinderQuery) => `${withQuery("/", query)}#${landingAnchors.location}`,
  },
  services: {
    pattern: "/services",
    href: (slug?: string) => (slug ? `/services/#${encodeURIComponent(slug)}` : "/services"),
  },
  package: { pattern: "/package", href: (query?: PackageQuery) => withQuery("/package", query) },
  /** Named route `order`. */
  order: { pattern: "/order", href: (query?: OrderQuery) => withQuery("/order", query) },
  guestBook: {
    pattern: "/guest-book",
    /** Named route `guest-book-form` (index child). */
    form: { href: (query?: GuestBookQuery) => withQuery("/guest-book", query) },
    /** Named route `guest-book-submitted`. */
    submitted: {
      pattern: "submitted",
      href: (query?: Pick<GuestBookQuery, "lang">) => withQuery("/guest-book/submitted", query),
    },
  },
  shortLink: {
    pattern: "/o/:code",
    href: (code: string) => `/o/${encodeURIComponent(code)}`,
  },
  /** Server-side redirect to the kiosk site. */
  locker: { pattern: "/locker", href: () => "/locker" },
  /** Server-side redirect to the locker site. */
  paxelbox: { pattern: "/paxelbox", href: () => "/paxelbox" },
  overdue: {
    pattern: "/overduepayment",
    /** Named route `overdue` (index child). */
    payment: { href: (query?: OverdueQuery) => withQuery("/overduepayment", query) },
    /** Named route `overdue-success`: the parcel was already taken. */
    success: {
      pattern: "success",
      href: (query?: { lang?: "en" }) => withQuery("/overduepayment/success", query),
    },
    /** Named route `overdue-expire`: the link expired. */
    expire: {
      pattern: "expire",
      href: (query?: { lang?: "en" }) => withQuery("/overduepayment/expire", query),
    },
    /** Named route `overdue-success-payment`: paid, QR shown. */
    successPayment: {
      pattern: "success-payment",
      href: (query?: OverdueQuery) => withQuery("/overduepayment/success-payment", query),
    },
  },
  orderStatus: {
    pattern: "/order-status",
    /** Named route `order-status` (index child). */
    page: { href: (query?: OrderStatusQuery) => withQuery("/order-status", query) },
    /** Named route `order-status-action`. */
    action: {
      pattern: "action",
      href: (query?: OrderStatusQuery) => withQuery("/order-status/action", query),
    },
  },
  /** Named route `debug`: hidden, linked nowhere. */
  debug: { pattern: "/debug", href: () => "/debug" },
  /**
   * Demo mode only: what this installation's WhatsApp sandbox and SMTP sink received, as a phone and
   * a mail client show it. Under `/demo/` with the API's stand-ins; linked from the start banner.
   */
  demoInbox: { pattern: "/demo/inbox", href: (query?: DemoInboxQuery) => withQuery("/demo/inbox", query) },
  /** Demo mode only, served by the API (not routes of this app): the locker-kiosk simulator. */
  demoKiosk: { href: () => "/demo/kiosk" },
  /** Demo mode only, served by the API: a fresh record of a demo scenario, opened on its page. */
  demoScenario: { href: (id: ScenarioId) => `/api/demo/scenarios/${id}/open` },
  /** The language switch's form: stores the choice in its cookie, then back to the page (`to`). */
  language: { pattern: "/language", href: () => "/language" },
  /** Web app manifest (installing the site). */
  webManifest: { pattern: "/manifest.webmanifest", href: () => "/manifest.webmanifest" },
  /** What search engines may crawl, and where the sitemap is. */
  robots: { pattern: "/robots.txt", href: () => "/robots.txt" },
  /** The pages search engines are asked to list, in both languages. */
  sitemap: { pattern: "/sitemap.xml", href: () => "/sitemap.xml" },
} as const;

/** The spec's named routes (spec §2), each pointing at its link builder. */
export const namedRoutes = {
  index: paths.home.href,
  order: paths.order.href,
  "order-status": paths.orderStatus.page.href,
  "order-status-action": paths.orderStatus.action.href,
  overdue: paths.overdue.payment.href,
  "overdue-success": paths.overdue.success.href,
  "overdue-expire": paths.overdue.expire.href,
  "overdue-success-payment": paths.overdue.successPayment.href,
  debug: paths.debug.href,
  "guest-book-form": paths.guestBook.form.href,
  "guest-book-submitted": paths.guestBook.submitted.href,
} as const;
export type RouteName = keyof typeof namedRoutes;

/** Route ids as registered in `routes.ts` (used by `useRouteLoaderData`). */
export const routeIds = { root: "root" } as const;

/**
 * The path of the page an address opens: a trailing slash opens the same page (the spec's service
 * links are `/services/#{slug}`), so it is one page to caches and search engines.
 */
export function pagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}
