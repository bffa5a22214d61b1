import "../lib/i18n/messages/marketing";
import { type ReactNode, useEffect } from "react";
import { data, useNavigate } from "react-router";
import { ButtonLink } from "../components/button";
import { publicHandle } from "../components/layouts/public-layout";
import { PageTitle } from "../components/page-title";
import { getServerConfig } from "../config/config.server";
import {
  type ContentOutcome,
  fetchBanners,
  fetchLockerPage,
  fetchOverdueStatus,
  fetchServiceCards,
} from "../features/marketing/api/content.server";
import { BannerSlide } from "../features/marketing/components/banner-slide";
import { LockerFinder } from "../features/marketing/components/locker-finder";
import { PartnershipContact } from "../features/marketing/components/partnership-contact";
import { ServiceCards } from "../features/marketing/components/service-cards";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { useScrollToHash } from "../features/marketing/hooks/use-scroll-to-hash";
import { readFinderQuery } from "../features/marketing/lib/finder-query";
import { locationFloor } from "../features/marketing/lib/location-count";
import { overdueRedirectPath } from "../features/marketing/lib/overdue-redirect";
import { bannerPreloadMeta, seoMeta } from "../features/marketing/lib/seo";
import { buildSeo } from "../features/marketing/lib/seo.server";
import { pageApiClient } from "../lib/http/api-client.server";
import { requestLanguage, useT } from "../lib/i18n/i18n";
import { useLanguageLink } from "../lib/i18n/language-link";
import { storage } from "../lib/offline/storage";
import { degradedPageHeaders } from "../lib/ssr/shared-cache";
import { personalPageHeaders } from "../lib/ssr/web-view-preload.server";
import { type LandingAnchor, landingAnchors, paths } from "../paths";
import type { Route } from "./+types/home";
import styles from "./home.module.css";

export const handle = publicHandle;

/** An order link's landing is someone's own (its loader says so); the landing itself is shared. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * Spec §9: one banner and three service cards on the landing page. With a single banner the
 * landing's carousel settings (2500 ms, autoplay off) have nothing to move, so it shows the banner
 * as it is and ships no carousel code.
 */
const bannerLimit = 1;
const serviceCardLimit = 3;

/**
 * Everything the landing page shows, fetched on the server in the page's language, so the HTML
 * arrives complete and the browser bundle carries no API schemas. With `orderid` only the overdue
 * state is looked up: the page then sends the visitor on (spec §2).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const api = pageApiClient(config, request);
  const url = new URL(request.url);
  const language = requestLanguage(request);
  const orderid = url.searchParams.get("orderid")?.trim();
  if (orderid) {
    const overdueStatus = await fetchOverdueStatus(api, orderid);
    // The way on carries the link's token: kept by no cache, as the pages it leads to.
    return data(
      {
        language,
        overdueRedirect: overdueRedirectPath(
          overdueStatus,
          orderid,
          url.searchParams.get("token"),
          url.searchParams.get("lang") === "en" ? "en" : undefined,
        ),
        banners: [],
        services: [],
        lockers: null,
        finder: null,
        seo: null,
      },
      { headers: personalPageHeaders },
    );
  }
  // The finder's list as the address asks for it (its form and "show more" without scripts); the
  // section's count of locations is of them all.
  const finder = readFinderQuery(url.searchParams);
  const outcome: ContentOutcome = { failed: false };
  const [banners, services, lockers, found] = await Promise.all([
    fetchBanners(api, { language, limit: bannerLimit }, outcome),
    fetchServiceCards(api, { language, limit: serviceCardLimit }, outcome),
    fetchLockerPage(api, finder.q === undefined ? finder.limit : 1, undefined, outcome),
    finder.q === undefined ? null : fetchLockerPage(api, finder.limit, finder.q, outcome),
  ]);
  const seo = await buildSeo(
    config,
    request,
    language,
    { title: "marketing.seo.homeTitle", description: "marketing.seo.homeDescription" },
    banners[0]?.image_desktop_jpg,
  );
  return data(
    {
      language,
      overdueRedirect: null,
      banners,
      services,
      lockers,
      finder: { q: finder.q, page: finder.q === undefined ? lockers : found },
      seo,
    },
    outcome.failed ? { headers: degradedPageHeaders } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  ...bannerPreloadMeta(loaderData?.banners[0]),
];

/** Landing page (named route `index`), anchors #paxelbox, #services, #location, #contact. */
export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.overdueRedirect) return <OverdueRedirect to={loaderData.overdueRedirect} />;
  return <LandingPage data={loaderData} />;
}

/** Clears the stored overdue marker and goes on to the overdue page chosen by the loader. */
function OverdueRedirect({ to }: { to: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  useEffect(() => {
    storage.remove("overdue");
    navigate(to, { replace: true });
  }, [to, navigate]);
  return (
    <div className={`stack ${styles.redirect}`} role="status" data-testid="overdue-redirect">
      <PageTitle title={t("marketing.home.redirecting")} />
      <span className={styles.spinner} aria-hidden="true" />
      <p>{t("marketing.home.redirecting")}</p>
      {/* Without scripts the browser goes on by itself (nothing is stored to clear then); the
          link is there for one that does not follow a refresh. */}
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${to}`} />
        <a href={to}>{t("marketing.home.redirecting")}</a>
      </noscript>
    </div>
  );
}

type LandingData = Route.ComponentProps["loaderData"];

/** The id of a landing section's heading, which labels the section. */
const titleId = (anchor: LandingAnchor) => `landing-${anchor}-title`;

/**
 * A section of the landing page at its anchor, in the content column, with its title and the line
 * under it when given (else its content carries the heading `titleId(anchor)`).
 */
function LandingSection({
  anchor,
  className,
  title,
  line,
  children,
}: {
  anchor: LandingAnchor;
  className?: string;
  title?: string;
  line?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={landingAnchors[anchor]} className={className} aria-labelledby={titleId(anchor)}>
      <div className="page-width">
        {title ? (
          <header className={`stack ${styles.sectionHeader}`}>
            <h2 id={titleId(anchor)} className="section-title">
              {title}
            </h2>
            {line}
          </header>
        ) : null}
        {children}
      </div>
    </section>
  );
}

function LandingPage({ data }: { data: LandingData }) {
  const { t } = useT();
  const link = useLanguageLink();
  useLanguageRevalidation(data.language);
  useScrollToHash();
  useEffect(() => storage.remove("overdue"), []);
  const [firstBanner] = data.banners;

  return (
    <div className={styles.page}>
      <LandingSection anchor="paxelbox" className={styles.hero}>
        <h1 id={titleId("paxelbox")} className="visually-hidden">
          {t("screens.home.title")}
        </h1>
        {firstBanner ? <BannerSlide banner={firstBanner} priority /> : null}
      </LandingSection>

      <LandingSection
        anchor="services"
        className={styles.section}
        title={t("marketing.home.servicesHeading")}
        line={<p className="lead">{t("marketing.home.servicesLine")}</p>}
      >
        <ServiceCards cards={data.services} />
        {data.services.length > 0 ? (
          <div className={styles.sectionFooter}>
            <ButtonLink to={link(paths.services.href())} variant="secondary">
              {t("marketing.home.allServices")}
            </ButtonLink>
          </div>
        ) : null}
      </LandingSection>

      <LandingSection
        anchor="location"
        className={styles.section}
        title={t("marketing.home.locationHeading")}
        line={
          <p className={`lead ${styles.highlight}`} data-testid="locations-line">
            {t("marketing.home.locationLine", { count: locationFloor(data.lockers?.total) })}
          </p>
        }
      >
        <LockerFinder initial={data.finder?.page ?? null} query={data.finder?.q} />
      </LandingSection>

      <LandingSection anchor="contact" className={styles.section}>
        <div className={`split ${styles.contact}`}>
          <div className={`stack ${styles.contactText}`}>
            <h2 id={titleId("contact")} className="section-title">
              {t("marketing.home.contactHeading")}
            </h2>
            <p className="lead">{t("marketing.home.contactLine")}</p>
          </div>
          <PartnershipContact />
        </div>
      </LandingSection>
    </div>
  );
}
