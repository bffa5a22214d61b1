import "../lib/messages/marketing";
import { publicHandle } from "../components/layouts/public-layout";
import { Spinner } from "../components/loaders";
import {
  GuestBookFormOnUse,
  guestBookFormCode,
} from "../features/guest-book/components/guest-book-form-on-use";
import { toBusinessType } from "../features/guest-book/lib/submission";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { seoMeta } from "../features/marketing/lib/seo";
import { pageSeo } from "../features/marketing/lib/seo.server";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/guest-book-form";
import styles from "./guest-book-form.module.css";

export const handle = publicHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const keys = {
    title: "marketing.seo.guestBookTitle",
    description: "marketing.seo.guestBookDescription",
  } as const;
  // The page arrives with its form drawn; the browser loads the form's code on its first use.
  const [seo] = await Promise.all([pageSeo(request, keys), guestBookFormCode.load()]);
  return {
    ...seo,
    businessType: toBusinessType(new URL(request.url).searchParams.get("business_type")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** What happens after the form is sent, step by step. */
const nextSteps = [
  "marketing.guestBook.next1",
  "marketing.guestBook.next2",
  "marketing.guestBook.next3",
] as const;

/** Guest-book form (named route `guest-book-form`, query `business_type` Individu or Business). */
export default function GuestBookFormRoute({ loaderData }: Route.ComponentProps) {
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
        <GuestBookFormOnUse
          key={loaderData.businessType ?? "none"}
          businessType={loaderData.businessType}
          fallback={<Spinner label={t("common.loading")} />}
        />
      </div>
    </div>
  );
}
