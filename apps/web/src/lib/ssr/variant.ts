/**
 * Desktop/mobile variant rule (spec §1, §9): mobile when the device is mobile AND the viewport is
 * narrower than 1024 px. Everything that picks a variant goes through `selectVariant`.
 */

export type Variant = "mobile" | "desktop";

export const mobileMaxWidth = 1023;

const mobileAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Silk|Kindle/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && mobileAgent.test(userAgent);
}

export interface DeviceInfo {
  mobileDevice: boolean;
  /** Viewport width in CSS pixels. */
  width: number;
}

export function selectVariant({ mobileDevice, width }: DeviceInfo): Variant {
  return mobileDevice && width <= mobileMaxWidth ? "mobile" : "desktop";
}

/** Whether this browser is a mobile device: the user agent, or iPadOS posing as a Mac. */
export function isMobileBrowser(nav: Pick<Navigator, "userAgent" | "maxTouchPoints">): boolean {
  if (isMobileUserAgent(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}
