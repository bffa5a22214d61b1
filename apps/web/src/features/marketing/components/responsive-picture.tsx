import type { CSSProperties } from "react";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { artBreakpoint, imageSizes } from "../lib/media";
import type { ServiceCardData } from "../types";
import styles from "./responsive-picture.module.css";

interface ResponsivePictureProps {
  /** The banner or service whose pictures these are. */
  image: Pick<ServiceCardData, "image_desktop_jpg" | "image_mobile_jpg">;
  /** Its format: the pictures' sizes in `imageSizes`. */
  kind: "banner" | "service";
  /** The caller's frame of the picture (corners, background, layout). */
  className?: string;
  /** Above the fold: load first. Below the fold: lazy. */
  priority?: boolean;
}

/**
 * `image_desktop_jpg` from 768 px up, `image_mobile_jpg` below, decorative, with their sizes
 * declared so the page never shifts while they load; each fills the width at its format's
 * proportions. Images from the server are used only with an http(s) or same-site address.
 */
export function ResponsivePicture({ image, kind, className, priority = false }: ResponsivePictureProps) {
  const { image_desktop_jpg: desktop, image_mobile_jpg: mobile } = image;
  const mobileSrc = isSafeUrl(mobile) ? mobile : isSafeUrl(desktop) ? desktop : null;
  const desktopSrc = isSafeUrl(desktop) ? desktop : mobileSrc;
  if (!mobileSrc || !desktopSrc) return null;
  const [desktopWidth, desktopHeight] = imageSizes[`${kind}Desktop`];
  const [mobileWidth, mobileHeight] = imageSizes[`${kind}Mobile`];
  const ratios = {
    "--picture-ratio": `${mobileWidth} / ${mobileHeight}`,
    "--picture-ratio-wide": `${desktopWidth} / ${desktopHeight}`,
  } as CSSProperties;
  return (
    <picture className={`${styles.picture} ${className ?? ""}`} style={ratios}>
      <source
        media={`(min-width: ${artBreakpoint}px)`}
        srcSet={desktopSrc}
        width={desktopWidth}
        height={desktopHeight}
      />
      <img
        src={mobileSrc}
        width={mobileWidth}
        height={mobileHeight}
        alt=""
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
