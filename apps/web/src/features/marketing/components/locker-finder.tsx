import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { AddressLanguageField } from "../../../components/address-language-field";
import { SearchIcon } from "../../../components/icons";
import { useConfig } from "../../../config/use-config";
import { getLocation, openMapLink, openMapLocation } from "../../../lib/bridge/bridge";
import { type Language, localeOf, useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { scrollBehavior } from "../../../lib/ui/motion";
import { paths } from "../../../paths";
import type { LockerSearch } from "../api/locker-locations";
import { finderPageSize, finderQueryMaxLength } from "../lib/finder-query";
import type { LockerLocation, LockerPage } from "../types";
import styles from "./locker-finder.module.css";
import { ClockIcon, CrosshairIcon, PinIcon } from "./marketing-icons";

/** Leaflet and its styles load only when the map comes near the screen. */
const LockerMap = lazy(() => import("./locker-map"));

const distanceFormatters = new Map<Language, Intl.NumberFormat>();

/**
 * A distance in kilometres with one decimal in the language's notation. The formatter is made when a
 * distance is first shown (after "nearest"), not on every render: the first `Intl.NumberFormat` of
 * a page loads its locale's data, ~13 ms of the landing page's hydration in a profile.
 */
function formatDistance(km: number, language: Language): string {
  let formatter = distanceFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 });
    distanceFormatters.set(language, formatter);
  }
  return formatter.format(km);
}

type Criteria = Pick<LockerSearch, "q" | "lat" | "lng">;
type Status = "idle" | "loading" | "error";
type Geo = "idle" | "locating" | "denied" | "unavailable";

interface FinderState {
  criteria: Criteria;
  items: LockerLocation[];
  total: number;
  status: Status;
}

function initialState(initial: LockerPage | null, query: string | undefined): FinderState {
  return {
    criteria: query === undefined ? {} : { q: query },
    items: initial?.items ?? [],
    total: initial?.total ?? 0,
    status: initial ? "idle" : "error",
  };
}

/** Mounts its children once the element scrolls within `margin` of the viewport. */
function useNearViewport<T extends Element>(margin = "300px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  return [ref, near] as const;
}

/**
 * The locations section's locker finder: search by place, area or city, or "nearest to me"
 * (browser geolocation, which the app's web view also answers), a list with address, opening
 * hours and 'See map', and a map (Leaflet with the configured tiles, or the configured shared
 * map embed). The list and the markers stay useful when map tiles cannot be loaded.
 *
 * Before and without scripts the search is the browser's GET form and "show more" a link: the
 * server draws the list the address asks for (`initial`, of the search `query`). The search box is
 * not controlled, so what was typed before the scripts arrived stays. Nearest and the map need
 * scripts: without them they are hidden, and the map says why.
 */
export function LockerFinder({ initial, query }: { initial: LockerPage | null; query?: string | undefined }) {
  const { t, language } = useT();
  const link = useLanguageLink();
  const config = useConfig();
  const [state, setState] = useState(() => initialState(initial, query));
  const input = useRef<HTMLInputElement>(null);
  const [geo, setGeo] = useState<Geo>("idle");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const [mapSlot, mapNear] = useNearViewport<HTMLDivElement>();
  const inputId = useId();
  const summaryId = useId();
  const mapHeadingId = useId();
  const embed = isSafeUrl(config.mapEmbedUrl) ? config.mapEmbedUrl : null;

  useEffect(() => () => controller.current?.abort(), []);

  const itemCount = useRef(state.items.length);
  itemCount.current = state.items.length;

  const run = useCallback(async (criteria: Criteria, append: boolean) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const offset = append ? itemCount.current : 0;
    setState((previous) => ({ ...previous, criteria, status: "loading" }));
    try {
      const { searchLockerLocations } = await import("../api/locker-locations");
      const page = await searchLockerLocations(
        { ...criteria, limit: finderPageSize, offset },
        current.signal,
      );
      if (current.signal.aborted) return;
      setState((latest) => ({
        criteria,
        items: append ? [...latest.items, ...page.items] : page.items,
        total: page.total,
        status: "idle",
      }));
      if (!append) setSelectedId(null);
    } catch {
      if (!current.signal.aborted) setState((latest) => ({ ...latest, status: "error" }));
    }
  }, []);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setGeo("idle");
    if (!q) {
      controller.current?.abort();
      setSelectedId(null);
      // Back to every location: the server's list, unless it was of a search.
      if (initial && query === undefined) setState(initialState(initial, undefined));
      else void run({}, false);
      return;
    }
    void run({ q }, false);
  }

  async function onNearest() {
    setGeo("locating");
    const answer = await getLocation();
    if (answer === "denied" || answer === "unavailable") {
      setGeo(answer);
      return;
    }
    setGeo("idle");
    if (input.current) input.current.value = "";
    void run({ lat: answer.latitude, lng: answer.longitude }, false);
  }

  function showOnMap(location: LockerLocation) {
    setSelectedId(location.id);
    const slot = mapSlot.current;
    if (!slot) return;
    const { top, bottom } = slot.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight)
      slot.scrollIntoView({ behavior: scrollBehavior(), block: "center" });
  }

  const { criteria, items, total, status } = state;
  const near = criteria.lat !== undefined && criteria.lng !== undefined;
  const summary =
    status === "error"
      ? t("marketing.finder.error")
      : criteria.q && total === 0
        ? t("marketing.finder.noResults", { query: criteria.q })
        : criteria.q
          ? t("marketing.finder.foundQuery", { query: criteria.q, count: total })
          : near
            ? t("marketing.finder.foundNear", { count: total })
            : t("marketing.finder.found", { count: total });
  const geoMessage =
    geo === "denied"
      ? t("marketing.finder.geoDenied")
      : geo === "unavailable"
        ? t("marketing.finder.geoUnavailable")
        : null;

  return (
    <div className="stack" data-testid="locker-finder">
      <div className="cluster">
        <search className={styles.searchBox}>
          <form className={styles.search} method="get" action={paths.home.finder({})} onSubmit={onSearch}>
            <label htmlFor={inputId} className="visually-hidden">
              {t("marketing.finder.searchLabel")}
            </label>
            <span className={styles.searchIcon} aria-hidden="true">
              <SearchIcon size={20} />
            </span>
            <input
              id={inputId}
              type="search"
              name="q"
              className={styles.input}
              ref={input}
              defaultValue={query}
              maxLength={finderQueryMaxLength}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t("marketing.finder.searchPlaceholder")}
              aria-describedby={summaryId}
              data-testid="finder-input"
            />
            <AddressLanguageField />
            <button type="submit" className={styles.searchButton} data-testid="finder-search">
              {t("marketing.finder.search")}
            </button>
          </form>
        </search>
        <button
          type="button"
          className={`${styles.nearest} ${styles.needsScript}`}
          onClick={onNearest}
          disabled={geo === "locating"}
          data-testid="finder-nearest"
        >
          <CrosshairIcon />
          {geo === "locating" ? t("marketing.finder.locating") : t("marketing.finder.nearest")}
        </button>
      </div>
      {geoMessage ? (
        <p className={styles.notice} role="alert" data-testid="finder-geo-message">
          {geoMessage}
        </p>
      ) : null}
      <div className={`split ${styles.layout}`}>
        <div className={styles.mapColumn} ref={mapSlot}>
          {embed ? (
            <iframe
              className={styles.embed}
              src={embed}
              title={t("marketing.finder.embedTitle")}
              loading="lazy"
              // The embedding site may see our origin, never the address (it can hold an order token).
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              data-testid="finder-embed"
            />
          ) : (
            <section className={styles.map} aria-labelledby={mapHeadingId}>
              <h3 className="visually-hidden" id={mapHeadingId}>
                {t("marketing.finder.mapLabel")}
              </h3>
              {mapNear ? (
                <Suspense fallback={<p className={styles.mapLoading}>{t("marketing.finder.mapLoading")}</p>}>
                  <LockerMap
                    items={items}
                    selectedId={selectedId}
                    onSelect={setSelectedId}
                    tileUrl={config.mapTileUrl}
                    attribution={config.mapTileAttribution}
                    onTilesFailed={setTilesFailed}
                  />
                </Suspense>
              ) : (
                <p className={styles.mapLoading}>{t("marketing.finder.mapLoading")}</p>
              )}
              <noscript>
                <p className={styles.mapNoScript}>{t("marketing.finder.mapNoScript")}</p>
              </noscript>
              {/* Over the map, not under it: arriving late, it moves nothing on the page. */}
              {tilesFailed ? (
                <p className={styles.tilesNotice} role="status" data-testid="finder-tiles-failed">
                  {t("marketing.finder.tilesFailed")}
                </p>
              ) : null}
            </section>
          )}
        </div>
        <div className={`stack ${styles.listColumn}`}>
          <p
            id={summaryId}
            className={styles.summary}
            aria-live="polite"
            data-status={status}
            data-testid="finder-summary"
          >
            {summary}
          </p>
          {status === "error" ? (
            // A link to the same search, so that it tries again before and without scripts too
            // (the server's call is what failed then).
            <a
              className={styles.more}
              href={link(paths.home.finder({ q: criteria.q }))}
              onClick={(event) => {
                event.preventDefault();
                void run(criteria, false);
              }}
              data-testid="finder-retry"
            >
              {t("marketing.finder.retry")}
            </a>
          ) : null}
          <ol
            className={`stack plain-list ${styles.list}`}
            aria-busy={status === "loading"}
            data-testid="finder-list"
          >
            {items.map((location) => (
              <LockerListEntry
                key={location.id}
                location={location}
                selected={selectedId === location.id}
                onShowOnMap={embed ? undefined : () => showOnMap(location)}
                distance={
                  location.distance_km === null
                    ? null
                    : t("marketing.finder.distance", {
                        distance: formatDistance(location.distance_km, language),
                      })
                }
              />
            ))}
          </ol>
          {items.length < total && status !== "error" ? (
            <a
              className={styles.more}
              href={link(paths.home.finder({ q: criteria.q, shown: items.length + finderPageSize }))}
              onClick={(event) => {
                event.preventDefault();
                if (status !== "loading") void run(criteria, true);
              }}
              aria-disabled={status === "loading" || undefined}
              data-testid="finder-more"
            >
              {t("marketing.finder.loadMore")}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}

interface EntryProps {
  location: LockerLocation;
  selected: boolean;
  distance: string | null;
  onShowOnMap?: () => void;
}

function LockerListEntry({ location, selected, distance, onShowOnMap }: EntryProps) {
  const { t, language } = useT();
  const hours = language === "id" ? location.operational_hour_bahasa : location.operational_hour;
  const hasPoint = location.latitude !== null && location.longitude !== null;
  const mapsLink = isSafeUrl(location.maps_link) ? location.maps_link : null;

  return (
    <li className={`stack panel ${styles.entry}`} data-selected={selected} data-testid="finder-item">
      <div className={styles.entryHead}>
        <h3 className={styles.name}>{location.name}</h3>
        {distance ? (
          <span className={styles.distance} data-testid="finder-distance">
            {distance}
          </span>
        ) : null}
      </div>
      <p className={styles.line}>
        <PinIcon size={18} />
        <span>{location.address}</span>
      </p>
      {hours ? (
        <p className={styles.line}>
          <ClockIcon size={18} />
          <span>
            <span className="visually-hidden">{t("marketing.finder.hours")}: </span>
            {hours}
          </span>
        </p>
      ) : null}
      {mapsLink || hasPoint ? (
        <div className={`cluster ${styles.entryActions}`}>
          {onShowOnMap && hasPoint ? (
            <button
              type="button"
              className={`${styles.action} ${styles.needsScript}`}
              onClick={onShowOnMap}
              data-testid="finder-show"
            >
              {t("marketing.finder.showOnMap")}
            </button>
          ) : null}
          {mapsLink ? (
            <a
              className={styles.action}
              href={mapsLink}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault();
                void openMapLink(mapsLink);
              }}
              data-testid="finder-see-map"
            >
              {t("locationInfo.seeMap")}
              <span className="visually-hidden"> {t("locationInfo.mapOpens")}</span>
            </a>
          ) : hasPoint ? (
            <button
              type="button"
              className={`${styles.action} ${styles.needsScript}`}
              onClick={() =>
                void openMapLocation(location.latitude ?? 0, location.longitude ?? 0, location.name)
              }
              data-testid="finder-see-map"
            >
              {t("locationInfo.seeMap")}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
