import QRCode from "qrcode";
import { useEffect, useMemo } from "react";
import { setScreenBrightness } from "../lib/bridge";
import styles from "./qr-code.module.css";

export interface QrCodeProps {
  /** The exact text the locker expects. */
  value: string;
  /** Accessible name, e.g. "QR code to open door 12". */
  label: string;
  /** Rendered size in CSS pixels (spec: 300; never below 240 on screen). */
  size?: number;
}

/**
 * A QR code drawn as SVG on the server and in the browser alike: error correction H (spec §9),
 * black on white with a four-module quiet zone, inside a white card.
 */
export function QrCode({ value, label, size = 300 }: QrCodeProps) {
  const { path, modules } = useMemo(() => qrPath(value), [value]);
  useBrightScreen();
  const quiet = 4;
  const extent = modules + quiet * 2;
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
        <path d={path} fill="#000" transform={`translate(${quiet} ${quiet})`} />
      </svg>
    </div>
  );
}

/** One SVG path of every dark module: a small DOM even for large codes. */
export function qrPath(value: string): { path: string; modules: number } {
  const qr = QRCode.create(value, { errorCorrectionLevel: "H" });
  const { size, data } = qr.modules;
  let path = "";
  for (let row = 0; row < size; row++) {
    let run = 0;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && data[row * size + col];
      if (dark) run++;
      else if (run > 0) {
        path += `M${col - run} ${row}h${run}v1h-${run}z`;
        run = 0;
      }
    }
  }
  return { path, modules: size };
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
