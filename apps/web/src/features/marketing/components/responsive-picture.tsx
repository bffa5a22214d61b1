import { isSafeUrl } from "../../../lib/safe-url";
import { artBreakpoint } from "../lib/media";

export type Size = readonly [width: number, height: number];

interface ResponsivePictureProps {
  desktop: string;
  mobile: string;
  desktopSize: Size;
  mobileSize: Size;
  alt: string;
  className?: string;
  /** Above the fold: load first. Below the fold: lazy. */
  priority?: boolean;
}

/**
 * `image_desktop_jpg` from 768 px up, `image_mobile_jpg` below, with their sizes declared so the
 * page never shifts while they load. Images from the server are used only with an http(s) or
 * same-site address.
 */
export function ResponsivePicture({
  desktop,
  mobile,
  desktopSize,
  mobileSize,
  alt,
  className,
  priority = false,
}: ResponsivePictureProps) {
  const mobileSrc = isSafeUrl(mobile) ? mobile : isSafeUrl(desktop) ? desktop : null;
  const desktopSrc = isSafeUrl(desktop) ? desktop : mobileSrc;
  if (!mobileSrc || !desktopSrc) return null;
  return (
    <picture className={className}>
      <source
        media={`(min-width: ${artBreakpoint}px)`}
        srcSet={desktopSrc}
        width={desktopSize[0]}
        height={desktopSize[1]}
      />
      <img
        src={mobileSrc}
        width={mobileSize[0]}
        height={mobileSize[1]}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
