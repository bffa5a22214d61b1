import { useEffect, useMemo, useRef } from "react";
import { setScreenBrightness } from "../lib/bridge/bridge";
import { useHydrated } from "../lib/ssr/use-hydrated";
import { lazyModule, useLazyModule } from "../lib/ui/lazy-module";
import { useLoadWhile } from "../lib/ui/use-load-while";
import { cardStyles, QrCard } from "./ui/card";

export interface QrCodeProps {
  /** The exact text the locker expects. */
  value: string;
  /** Accessible name, e.g. "QR code to open door 12". */
  label: string;
  /** Rendered size in CSS pixels (spec: 300; never below 240 on screen). */
  size?: number;
}

const qrEncoder = lazyModule(() => import("./qr-path"));

type DrawnQr = ReturnType<typeof import("./qr-path").qrPath>;

/**
 * Loads the QR encoder once. Screens call it when they ask for the data a QR will show, so the
 * encoder arrives in parallel with that data instead of after it; a server loader calls it before
 * rendering a page it has the data for, so that the page arrives with its QR drawn. A failed load
 * (a request dropped on the way) is left to the QR itself, which tries again until it has drawn.
 */
export function preloadQrEncoder(): Promise<unknown> {
  return qrEncoder.load().catch(() => undefined);
}

/**
 * For a screen whose QR depends on data it asks for: the encoder loads while that data does, when
 * the screen mounts with it still on its way (a page that arrived with the data has its QR drawn by
 * the server already).
 */
export function usePreloadQrEncoderWhile(pendingOnMount: boolean): void {
  const pending = useRef(pendingOnMount).current;
  useEffect(() => {
    if (pending) void preloadQrEncoder();
  }, [pending]);
}

/**
 * The QR the server drew into this page for `value`, read back from the page (the same value always
 * makes the same drawing): hydration keeps it, and the browser needs no encoder until a QR with
 * another value is to be shown.
 */
function drawnInPage(value: string): DrawnQr | undefined {
  for (const card of document.querySelectorAll<HTMLElement>("[data-qr-value]")) {
    if (card.dataset.qrValue !== value) continue;
    const path = card.querySelector("path")?.getAttribute("d");
    const modules = Number(card.dataset.qrModules);
    if (path && Number.isInteger(modules) && modules > 0) return { path, modules };
  }
  return undefined;
}

/**
 * A QR code drawn as SVG: error correction H (spec §9), black on white with a four-module quiet
 * zone, inside a white card. The server draws it when its loader has loaded the encoder; in the
 * browser a QR the server drew is kept as it is, and any other loads the encoder, the card keeping
 * its size, marked busy, until it has arrived (ADR 026).
 */
export function QrCode({ value, label, size = 300 }: QrCodeProps) {
  useBrightScreen();
  const hydrating = !useHydrated();
  const onServer = typeof document === "undefined";
  const encode = useLazyModule(qrEncoder, { load: false })?.qrPath;
  const qr = useMemo(() => {
    if (onServer) return encode?.(value);
    // While hydrating, exactly what the server drew (or its busy card).
    const drawn = drawnInPage(value);
    return drawn ?? (hydrating ? undefined : encode?.(value));
  }, [onServer, encode, hydrating, value]);
  // Tried again until it arrives: a QR screen is opened where the signal is weakest.
  useLoadWhile(qrEncoder, !onServer && !hydrating && !qr);

  if (!qr) {
    return (
      <QrCard aria-busy="true">
        <div className={cardStyles.qr} style={{ width: size, aspectRatio: "1" }} />
      </QrCard>
    );
  }
  const quiet = 4;
  const extent = qr.modules + quiet * 2;
  return (
    <QrCard data-qr-value={value} data-qr-modules={qr.modules}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${extent} ${extent}`}
        width={size}
        height={size}
        className={cardStyles.qr}
        shapeRendering="crispEdges"
      >
        <rect width={extent} height={extent} fill="#fff" />
        <path d={qr.path} fill="#000" transform={`translate(${quiet} ${quiet})`} />
      </svg>
    </QrCard>
  );
}

let brightQrs = 0;

/** While any QR is on screen the app is asked for full brightness (optional bridge call). */
function useBrightScreen(): void {
  useEffect(() => {
    brightQrs += 1;
    if (brightQrs === 1) setScreenBrightness("max");
    return () => {
      brightQrs -= 1;
      if (brightQrs === 0) setScreenBrightness("default");
    };
  }, []);
}
