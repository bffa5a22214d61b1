import "../lib/i18n/messages/marketing";
import { data, Link } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { getServerConfig } from "../config/config.server";
import { type ContentOutcome, fetchBanners, fetchServices } from "../features/marketing/api/content.server";
import BannerCarousel from "../features/marketing/components/banner-carousel";
import { ServiceSection } from "../features/marketing/components/service-section";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { useScrollToHash } from "../features/marketing/hooks/use-scroll-to-hash";
import { servicesCarousel } from "../features/marketing/lib/carousel";
import { bannerPreloadMeta, seoMeta } from "../features/marketing/lib/seo";
import { buildSeo } from "../features/marketing/lib/seo.server";
import { pageApiClient } from "../lib/http/api-client.server";
import { requestLanguage, useT } from "../lib/i18n/i18n";
import { useLanguageLink } from "../lib/i18n/language-link";
import { degradedPageHeaders } from "../lib/ssr/shared-cache";
import { paths } from "../paths";
import type { Route } from "./+types/services";
import styles from "./services.module.css";

export const handle = publicHandle;

/** Every banner and every service (limit -1, spec §2), in the page's language, on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const language = requestLanguage(request);
  const api = pageApiClient(config, request);
  const outcome: ContentOutcome = { failed: false };
  const [banners, services] = await Promise.all([
    fetchBanners(api, { language, limit: -1 }, outcome),
    fetchServices(api, { language, limit: -1 }, outcome),
  ]);
  const seo = await buildSeo(
    config,
    request,
    language,
    { title: "marketing.seo.servicesTitle", description: "marketing.seo.servicesDescription" },
    services[0]?.image_desktop_jpg ?? banners[0]?.image_desktop_jpg,
  );
  return data(
    { language, banners, services, seo },
    outcome.failed ? { headers: degradedPageHeaders } : undefined,
  );
}

/** Shared by every visitor, unless drawn while its content failed (its loader says so then). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  ...bannerPreloadMeta(loaderData?.banners[0]),
];

/** Services page (`/services`, one anchor `#{slug}` per service). */
export default function ServicesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const link = useLanguageLink();
  const { banners, services } = loaderData;
  useLanguageRevalidation(loaderData.language);
  useScrollToHash();

  return (
    <div className={styles.page}>
      <div className={`stack page-width ${styles.container}`}>
        <header className={`stack ${styles.header}`}>
          <h1>{t("screens.services.title")}</h1>
          <p className="lead">{t("screens.services.line")}</p>
        </header>
        {banners.length > 0 ? <BannerCarousel banners={banners} settings={servicesCarousel} /> : null}
        {services.length > 0 ? (
          <nav className={styles.nav} aria-label={t("marketing.services.listLabel")}>
            <ul className="cluster plain-list">
              {services.map((service) => (
                <li key={service.slug}>
                  <Link to={link(paths.services.href(service.slug))}>{service.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p className={styles.empty}>{t("marketing.services.empty")}</p>
        )}
        {services.map((service) => (
          <ServiceSection key={service.slug} service={service} />
        ))}
      </div>
    </div>
  );
}
