import "../lib/i18n/messages/marketing";
import { data, redirect } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { getServerConfig } from "../config/config.server";
import { GuestBookSubmitted } from "../features/guest-book/components/guest-book-submitted";
import { readSentGuestBook, shownCookieHeader } from "../features/guest-book/lib/sent-cookie.server";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { seoMeta } from "../features/marketing/lib/seo";
import { pageSeo } from "../features/marketing/lib/seo.server";
import { isLanguage } from "../lib/i18n/language";
import { paths } from "../paths";
import type { Route } from "./+types/guest-book-submitted";

export const handle = publicHandle;

/**
 * The confirmation opens only after a send (spec §2: it says the data was sent): the form's action
 * leaves a short-lived mark for it. Opened without one (a bookmark, a shared link, too late), the
 * visitor is sent to the form, in the language of the address when it names one. The download
 * starts with the first answer only; the mark then says so (`shownCookieHeader`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const sent = await readSentGuestBook(config, request);
  if (!sent) {
    const lang = new URL(request.url).searchParams.get("lang");
    throw redirect(paths.guestBook.form.href({ lang: isLanguage(lang) ? lang : undefined }));
  }
  const seo = await pageSeo(config, request, {
    title: "marketing.seo.submittedTitle",
    description: "marketing.seo.guestBookDescription",
  });
  const page = { ...seo, whitePaper: sent.whitePaper, startDownload: !sent.shown };
  if (sent.shown) return page;
  return data(page, { headers: { "set-cookie": await shownCookieHeader(config, sent) } });
}

/** This visitor's own confirmation: kept by no cache; the mark that it was shown. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "cache-control": "private, no-store" });
  const cookie = loaderHeaders.get("set-cookie");
  if (cookie) headers.set("set-cookie", cookie);
  return headers;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
];

/** Guest-book confirmation (named route `guest-book-submitted`). */
export default function GuestBookSubmittedRoute({ loaderData }: Route.ComponentProps) {
  useLanguageRevalidation(loaderData.language);
  return <GuestBookSubmitted paper={loaderData.whitePaper} startDownload={loaderData.startDownload} />;
}
