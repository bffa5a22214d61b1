/** A picture's width and height in pixels. */
export type Size = readonly [width: number, height: number];

/**
 * The content's picture formats (width × height in pixels), so that space is reserved before a
 * picture arrives. From this width up the desktop picture of a banner or service is shown.
 */
export const artBreakpoint = 768;

export const imageSizes = {
  bannerDesktop: [1440, 560],
  bannerMobile: [750, 750],
  serviceDesktop: [1200, 675],
  serviceMobile: [750, 560],
  guide: [480, 360],
  storeBadge: [192, 54],
} as const satisfies Record<string, Size>;
