import { useEffect, useMemo } from "react";
import { setScreenBrightness } from "../lib/bridge";
import { useHydrated } from "../lib/hydration-gate";
import { lazyModule, useLazyModule } from "../lib/lazy-module";
import styles from "./qr-code.module.css";

export interface QrCodeProps {
  /** The exact text the locker expects. */
  value: string;
  /** Accessible name, e.g. "QR code to open door 12". */
  label: string;
  /** Rendered size in CSS pixels (spec: 300; never below 240 on screen). */
  size?: number;
}

const qrEncoder = lazyModule(() => import("./qr-path"));

/**
 * Loads the QR encoder once. Screens call it when they request the data a QR will show, so the
 * encoder arrives in parallel with that data instead of after it.
 */
export function preloadQrEncoder(): Promise<unknown> {
  return qrEncoder.load();
}

/**
 * A QR code drawn as SVG: error correction H (spec §9), black on white with a four-module quiet
 * zone, inside a white card. Until the encoder has loaded (and while hydrating server markup) the
 * card keeps its size, marked busy.
 */
export function QrCode({ value, label, size = 300 }: QrCodeProps) {
  useBrightScreen();
  const hydrating = !useHydrated();
  const encode = useLazyModule(qrEncoder)?.qrPath;
  const qr = useMemo(() => (encode && !hydrating ? encode(value) : undefined), [encode, hydrating, value]);

  if (!qr) {
    return (
      <div className={styles.card} aria-busy="true">
        <div className={styles.qr} style={{ width: size, aspectRatio: "1" }} />
      </div>
    );
  }
  const quiet = 4;
  const extent = qr.modules + quiet * 2;
  return (
    <div className={styles.card} data-qr-value={value}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${extent} ${extent}`}
        width={size}
        height={size}
        className={styles.qr}
        shapeRendering="crispEdges"
      >
        <rect width={extent} height={extent} fill="#fff" />
        <path d={qr.path} fill="#000" transform={`translate(${quiet} ${quiet})`} />
      </svg>
    </div>
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
