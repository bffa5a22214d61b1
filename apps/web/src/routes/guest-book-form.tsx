import "../lib/i18n/messages/marketing";
import { publicHandle } from "../components/layouts/public-layout";
import { getServerConfig } from "../config/config.server";
import { GuestBookForm } from "../features/guest-book/components/guest-book-form";
import { guestBookAction } from "../features/guest-book/lib/guest-book-action.server";
import { toBusinessType } from "../features/guest-book/lib/submission";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { seoMeta } from "../features/marketing/lib/seo";
import { pageSeo, serverT } from "../features/marketing/lib/seo.server";
import { withRetryAfter } from "../lib/forms/action.server";
import { postUnlessOffline, revalidateUnlessUnsent } from "../lib/forms/post-unless-offline";
import { requestLanguage, useT } from "../lib/i18n/i18n";
import type { Route } from "./+types/guest-book-form";
import styles from "./guest-book-form.module.css";

export const handle = publicHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const seo = await pageSeo(getServerConfig(context), request, {
    title: "marketing.seo.guestBookTitle",
    description: "marketing.seo.guestBookDescription",
  });
  return {
    ...seo,
    businessType: toBusinessType(new URL(request.url).searchParams.get("business_type")),
  };
}

/** The form's send, posted by the page's script or by the browser alone (see `guestBookAction`). */
export async function action({ request, context }: Route.ActionArgs) {
  const config = getServerConfig(context);
  const language = requestLanguage(request);
  return guestBookAction(request, { config, language, t: await serverT(config, language) });
}

/** A post that cannot reach the server keeps the form as it was filled in (`postUnlessOffline`). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return postUnlessOffline(serverAction);
}

export const shouldRevalidate = revalidateUnlessUnsent;

/** A send refused by the API's limit (429) tells the browser when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter({}, actionHeaders);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** What happens after the form is sent, step by step. */
const nextSteps = [
  "marketing.guestBook.next1",
  "marketing.guestBook.next2",
  "marketing.guestBook.next3",
] as const;

/** Guest-book form (named route `guest-book-form`, query `business_type` Individu or Business). */
export default function GuestBookFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  useLanguageRevalidation(loaderData.language);
  return (
    <div className={`split ${styles.layout}`}>
      <div className={`stack ${styles.intro}`}>
        <h1>{t("screens.guestBookForm.title")}</h1>
        <p className="lead">{t("marketing.guestBook.line")}</p>
        <h2 className={styles.nextTitle}>{t("marketing.guestBook.nextTitle")}</h2>
        <ol className={`stack plain-list ${styles.next}`}>
          {nextSteps.map((step, index) => (
            <li key={step}>
              <span className={`circle ${styles.number}`} aria-hidden="true">
                {index + 1}
              </span>
              {t(step)}
            </li>
          ))}
        </ol>
      </div>
      <div className={`panel ${styles.card}`}>
        <GuestBookForm
          key={loaderData.businessType ?? "none"}
          businessType={loaderData.businessType}
          refused={actionData}
        />
      </div>
    </div>
  );
}
