import type { Order } from "@paxelbox/contract";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useConfig } from "../config/use-config";
import { bridge, mapsSearchLink } from "../lib/bridge/bridge";
import { useT } from "../lib/i18n/i18n";
import { isSafeUrl } from "../lib/security/safe-url";
import { CloseIcon, ExternalIcon } from "./icons";
import styles from "./location-info.module.css";
import { Card, CardTitle, cardStyles } from "./ui/card";
import { useModalDialog } from "./use-modal-dialog";

/**
 * The "Location info block" of spec §2, shared by the order screen and the rent-status screens:
 * main place, address, 'See map' (only with coordinates, opened through the bridge's map call),
 * description and operating hours in the current language, and the locker photo that opens full
 * screen. Opening the photo adds `preview=true` to the address (a history entry), so the browser's
 * back button closes it; a broken or missing photo shows the no-content picture instead.
 */

export type LocationDetail = Order["lockerLocationDetail"];

/** The picture shown when a locker photo is missing or cannot be loaded. */
export const noContentPicture = "/api/v1/media/misc/no-content.svg";

/** The query flag that shows the photo viewer. */
export const previewParam = "preview";

/** A media URL on the API: site paths get the API base; anything but http(s) is refused. */
export function mediaUrl(url: string | null | undefined, apiBaseUrl: string): string | null {
  if (!url || !isSafeUrl(url)) return null;
  const trimmed = url.trim();
  return trimmed.startsWith("/") ? `${apiBaseUrl.replace(/\/+$/, "")}${trimmed}` : trimmed;
}

/** Whether 'See map' shows: only when both coordinates exist (spec §2). */
export function hasCoordinates(
  detail: Pick<LocationDetail, "latitude" | "longitude">,
): detail is { latitude: number; longitude: number } {
  return (
    typeof detail.latitude === "number" &&
    Number.isFinite(detail.latitude) &&
    typeof detail.longitude === "number" &&
    Number.isFinite(detail.longitude)
  );
}

/** Description and operating hours in the current language (Indonesian `*Bahasa` fields for id). */
export function localisedLocation(detail: LocationDetail, language: "id" | "en") {
  const pick = (english: string, bahasa: string) =>
    (language === "id" ? bahasa || english : english || bahasa).trim();
  return {
    description: pick(detail.description, detail.descriptionBahasa),
    operationalHour: pick(detail.operationalHour, detail.operationalHourBahasa),
  };
}

interface LocationInfoProps {
  detail: LocationDetail;
  /** Section heading; `null` leaves it out (when the screen already titles the card). */
  title?: ReactNode;
  /** Heading level of the title. */
  headingLevel?: 2 | 3;
  className?: string;
}

export function LocationInfo({ detail, title, headingLevel = 2, className }: LocationInfoProps) {
  const { t, language } = useT();
  const config = useConfig();
  const headingId = useId();
  const { description, operationalHour } = localisedLocation(detail, language);
  const fallback = mediaUrl(noContentPicture, config.apiBaseUrl) ?? noContentPicture;
  const photo = usePhotoSource(mediaUrl(detail.photo, config.apiBaseUrl) ?? fallback, fallback);
  const viewer = usePhotoViewer();
  const heading = title === undefined ? t("locationInfo.title") : title;
  const coordinates = hasCoordinates(detail) ? detail : null;
  const facts = [
    { label: t("locationInfo.description"), value: description, testId: "location-description" },
    { label: t("locationInfo.operationalHours"), value: operationalHour, testId: "location-hours" },
  ].filter((fact) => fact.value);
  const mapHref = coordinates
    ? mapsSearchLink(config.mapsSearchUrl, coordinates.latitude, coordinates.longitude)
    : undefined;

  return (
    <Card
      as="section"
      className={[cardStyles.roomy, className].filter(Boolean).join(" ")}
      aria-labelledby={heading ? headingId : undefined}
      data-testid="location-info"
    >
      {heading ? (
        <CardTitle as={headingLevel === 3 ? "h3" : "h2"} id={headingId}>
          {heading}
        </CardTitle>
      ) : null}
      <div className={styles.layout}>
        <button
          type="button"
          className={styles.thumb}
          onClick={viewer.open}
          aria-label={t("locationInfo.openPhoto", { location: detail.location })}
          data-testid="location-photo"
        >
          <img
            ref={photo.ref}
            src={photo.src}
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            onError={photo.onError}
          />
        </button>
        <div className={`stack ${styles.place}`}>
          <p className={styles.location} data-testid="location-name">
            {detail.location}
          </p>
          <p className={styles.address} data-testid="location-address">
            {detail.address}
          </p>
          {coordinates ? (
            <a
              className={styles.mapLink}
              href={mapHref && isSafeUrl(mapHref) ? mapHref : undefined}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="location-see-map"
              onClick={(event) => {
                event.preventDefault();
                void bridge.openMapLocation(coordinates.latitude, coordinates.longitude, detail.location);
              }}
            >
              {t("locationInfo.seeMap")}
              <ExternalIcon size={16} />
              <span className="visually-hidden">{t("locationInfo.mapOpens")}</span>
            </a>
          ) : null}
        </div>
      </div>
      {facts.length > 0 ? (
        <dl className={`stack ${styles.facts}`}>
          {facts.map((fact) => (
            <div key={fact.testId}>
              <dt className="caption">{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <PhotoViewer
        open={viewer.isOpen}
        onClose={viewer.close}
        src={photo.src}
        alt={t("locationInfo.photoAlt", { location: detail.location })}
        onError={photo.onError}
      />
    </Card>
  );
}

/** The photo's source, switching to the fallback once it fails (also when it failed before hydration). */
function usePhotoSource(source: string, fallback: string) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const src = failed === source ? fallback : source;
  const onError = useCallback(() => {
    if (source !== fallback) setFailed(source);
  }, [source, fallback]);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute("src") === source) onError();
  }, [source, onError]);
  return { ref, src, onError };
}

/** `preview=true` in the address shows the viewer; opening pushes it, closing goes back. */
function usePhotoViewer() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isOpen = searchParams.get(previewParam) === "true";
  const pushed = (location.state as { photoPreview?: boolean } | null)?.photoPreview === true;

  const open = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(previewParam, "true");
        return next;
      },
      { state: { photoPreview: true }, preventScrollReset: true },
    );
  }, [setSearchParams]);

  const close = useCallback(() => {
    if (pushed) {
      void navigate(-1);
      return;
    }
    // Opened straight from a link with preview=true: drop the flag without leaving the page.
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(previewParam);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [pushed, navigate, setSearchParams]);

  return { isOpen, open, close };
}

function PhotoViewer({
  open,
  onClose,
  src,
  alt,
  onError,
}: {
  open: boolean;
  onClose: () => void;
  src: string;
  alt: string;
  onError: () => void;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const { onKeyDown } = useModalDialog(ref, open);

  return (
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={t("locationInfo.photo")}
      data-testid="location-photo-viewer"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Escape closes it (onCancel); the click only catches the backdrop.
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, not the picture) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <button
            type="button"
            className={`circle ${styles.viewerClose}`}
            onClick={onClose}
            aria-label={t("locationInfo.closePhoto")}
            data-testid="location-photo-close"
          >
            <CloseIcon />
          </button>
          <img className={styles.viewerImage} src={src} alt={alt} onError={onError} />
        </>
      ) : null}
    </dialog>
  );
}
