import { useT } from "../../../lib/i18n/i18n";
import { isSafeUrl, withScheme } from "../../../lib/security/safe-url";
import { imageSizes } from "../lib/media";
import type { ServiceData } from "../types";
import { DownloadButtons } from "./download-buttons";
import { ResponsivePicture } from "./responsive-picture";
import { ServerHtml } from "./server-html";
import styles from "./service-section.module.css";

/** A service's video address with a scheme added when missing (spec §3); null unless http(s). */
export function serviceVideoUrl(videoUrl: string | null | undefined): string | null {
  const trimmed = videoUrl?.trim();
  if (!trimmed) return null;
  const url = withScheme(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed);
  return /^https?:\/\//i.test(url) && isSafeUrl(url) ? url : null;
}

/**
 * One service of the services page (anchor `#{slug}`): title, description, optional video, the
 * step-by-step guide with pictures and the app-store buttons.
 */
export function ServiceSection({ service, priority }: { service: ServiceData; priority?: boolean }) {
  const { t } = useT();
  const video = serviceVideoUrl(service.video_url);
  const [guideWidth, guideHeight] = imageSizes.guide;
  const headingId = `service-${service.slug}-title`;

  return (
    <section
      id={service.slug}
      className={`stack ${styles.service}`}
      aria-labelledby={headingId}
      data-testid="service-section"
    >
      <div className={`split ${styles.intro}`}>
        <ResponsivePicture className={styles.picture} image={service} kind="service" priority={priority} />
        <div className="stack">
          <h2 id={headingId} className="section-title">
            {service.title}
          </h2>
          <ServerHtml html={service.description} className={`lead ${styles.description}`} />
          <DownloadButtons buttons={service.download_button} />
        </div>
      </div>
      {video ? (
        <div className={styles.video}>
          <iframe
            src={video}
            title={t("marketing.services.video", { title: service.title })}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allowFullScreen
            data-testid="service-video"
          />
        </div>
      ) : null}
      {service.guides.length > 0 ? (
        <div className="stack">
          <h3>{t("marketing.services.howTo", { title: service.title })}</h3>
          <ol className={`plain-list ${styles.steps}`}>
            {service.guides.map((guide, index) => (
              <li key={`${guide.image}|${guide.description}`} className={`panel ${styles.step}`}>
                {isSafeUrl(guide.image) ? (
                  <img
                    className={styles.stepImage}
                    src={guide.image}
                    width={guideWidth}
                    height={guideHeight}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <p className={`stack ${styles.stepText}`}>
                  <span className={styles.stepNumber}>
                    {t("marketing.services.step", { number: index + 1 })}
                  </span>
                  {guide.description}
                </p>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
