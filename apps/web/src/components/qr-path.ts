import QRCode from "qrcode";

/**
 * The QR encoder (`qrcode`, ~9 KB gzip), apart from the `QrCode` component so that a page loads it
 * only when it is about to show a QR (see `preloadQrEncoder`).
 */

/** One SVG path of every dark module (error correction H): a small DOM even for large codes. */
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
