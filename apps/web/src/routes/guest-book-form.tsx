import "../lib/messages/marketing";
import type { BusinessType } from "@paxelbox/contract";
import { routeHandle } from "../components/layouts/layout-handle";
import { GuestBookForm } from "../features/guest-book/components/guest-book-form";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { seoMeta } from "../features/marketing/lib/seo";
import { buildSeo, requestLanguage } from "../features/marketing/lib/seo.server";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/guest-book-form";
import styles from "./guest-book.module.css";

export const handle = routeHandle({ layout: "public" });

function toBusinessType(value: string | null): BusinessType | undefined {
  return value === "Individu" || value === "Business" ? value : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const seo = await buildSeo(request, language, {
    title: "marketing.seo.guestBookTitle",
    description: "marketing.seo.guestBookDescription",
  });
  return {
    language,
    seo,
    businessType: toBusinessType(new URL(request.url).searchParams.get("business_type")),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Guest-book form (named route `guest-book-form`, query `business_type` Individu or Business). */
export default function GuestBookFormRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  useLanguageRevalidation(loaderData.language);
  return (
    <div className={styles.layout}>
      <div className={styles.intro}>
        <h1>{t("screens.guestBookForm.title")}</h1>
        <p>{t("marketing.guestBook.line")}</p>
        <h2 className={styles.nextTitle}>{t("marketing.guestBook.nextTitle")}</h2>
        <ol className={styles.next}>
          <li>{t("marketing.guestBook.next1")}</li>
          <li>{t("marketing.guestBook.next2")}</li>
          <li>{t("marketing.guestBook.next3")}</li>
        </ol>
      </div>
      <div className={styles.card}>
        <GuestBookForm key={loaderData.businessType ?? "none"} businessType={loaderData.businessType} />
      </div>
    </div>
  );
}
