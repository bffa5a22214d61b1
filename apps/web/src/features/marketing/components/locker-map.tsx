import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { LockerLocation } from "../types";
import styles from "./locker-map.module.css";

/** Centre of Jabodetabek, shown until there are markers to fit. */
const defaultCenter: L.LatLngTuple = [-6.2, 106.82];
const defaultZoom = 11;
const selectedZoom = 16;

interface LockerMapProps {
  items: LockerLocation[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Tile template (`{z}/{x}/{y}`); empty: markers on a plain background. */
  tileUrl: string;
  attribution: string;
  /** Told whether the map's tiles failed to load (the finder says so under the map). */
  onTilesFailed: (failed: boolean) => void;
}

const markerStyle: L.CircleMarkerOptions = {
  radius: 9,
  color: "#ffffff",
  weight: 2,
  fillColor: "#5b2ed9",
  fillOpacity: 1,
};
const selectedStyle: L.CircleMarkerOptions = {
  ...markerStyle,
  radius: 12,
  fillColor: "#ffb020",
  color: "#17171f",
};

/** Popup content built as DOM text (never as an HTML string). */
function textElement(text: string): HTMLElement {
  const element = document.createElement("span");
  element.textContent = text;
  return element;
}

function popupContent(location: LockerLocation): HTMLElement {
  const box = document.createElement("div");
  const name = document.createElement("strong");
  name.textContent = location.name;
  const address = document.createElement("span");
  address.textContent = location.address;
  box.className = styles.popup ?? "";
  box.append(name, address);
  return box;
}

/**
 * The finder's Leaflet map: one marker per listed location. Tiles come from the configured
 * template; when they fail (no network, no tile server) a notice says so and the markers stay.
 */
export default function LockerMap({
  items,
  selectedId,
  onSelect,
  tileUrl,
  attribution,
  onTilesFailed,
}: LockerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.FeatureGroup | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onTilesRef = useRef(onTilesFailed);
  onTilesRef.current = onTilesFailed;
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => onTilesRef.current(tilesFailed), [tilesFailed]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = L.map(element, {
      center: defaultCenter,
      zoom: defaultZoom,
      scrollWheelZoom: false,
      zoomControl: true,
    });
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
      let loadedAny = false;
      tiles.on("tileerror", () => {
        if (!loadedAny) setTilesFailed(true);
      });
      tiles.on("tileload", () => {
        loadedAny = true;
        setTilesFailed(false);
      });
      tiles.addTo(instance);
    }
    layer.current = L.featureGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      layer.current = null;
      markers.current.clear();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const group = layer.current;
    const instance = map.current;
    if (!group || !instance) return;
    group.clearLayers();
    markers.current.clear();
    for (const location of items) {
      if (location.latitude === null || location.longitude === null) continue;
      const marker = L.circleMarker([location.latitude, location.longitude], markerStyle)
        .bindPopup(popupContent(location))
        // Leaflet puts string content in as HTML: the name goes in as text.
        .bindTooltip(textElement(location.name))
        .on("click", () => onSelectRef.current(location.id));
      marker.addTo(group);
      markers.current.set(location.id, marker);
    }
    const bounds = group.getBounds();
    // Placed without a zoom animation: Leaflet's ends in a timer that fails on a map removed meanwhile
    // (the visitor leaving the page while it runs: "Cannot read properties of undefined").
    if (bounds.isValid()) instance.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
    else instance.setView(defaultCenter, defaultZoom, { animate: false });
  }, [items]);

  useEffect(() => {
    const instance = map.current;
    for (const [id, marker] of markers.current) {
      marker.setStyle(id === selectedId ? selectedStyle : markerStyle);
      if (id === selectedId) {
        marker.bringToFront();
        instance?.setView(marker.getLatLng(), Math.max(instance.getZoom(), selectedZoom), { animate: false });
        marker.openPopup();
      }
    }
  }, [selectedId]);

  return (
    <div className={styles.wrapper} data-tiles={tileUrl ? (tilesFailed ? "failed" : "on") : "off"}>
      <div ref={container} className={styles.map} data-testid="finder-map" />
    </div>
  );
}
