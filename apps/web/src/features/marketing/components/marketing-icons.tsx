import type { ReactNode } from "react";
import { type IconProps, lineIcon } from "../../../components/icons";

/** Line icons of the marketing pages, on the shared icon frame (20 px by default). */
const icon = (paths: readonly string[], shapes?: ReactNode) => lineIcon(paths, shapes, 20);

export const PinIcon = icon(
  ["M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z"],
  <circle cx="12" cy="9.5" r="2.5" />,
);
export const ClockIcon = icon(["M12 7v5l3 2"], <circle cx="12" cy="12" r="9" />);
export const CrosshairIcon = icon(
  ["M12 2v3M12 19v3M2 12h3M19 12h3"],
  <>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2" />
  </>,
);
export const ArrowRightIcon = icon(["M5 12h14", "m12 5 7 7-7 7"]);
export const PauseIcon = icon(["M9 5v14M15 5v14"]);
export const PlayIcon = icon(["M7 4.5v15l12-7.5z"]);
export const UserIcon = icon(["M4 21c0-4 3.6-7 8-7s8 3 8 7"], <circle cx="12" cy="8" r="4" />);
export const BuildingIcon = icon(
  ["M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3"],
  <rect x="4" y="3" width="16" height="18" rx="2" />,
);

const ChevronLeftIcon = icon(["m15 18-6-6 6-6"]);
const ChevronRightIcon = icon(["m9 18 6-6-6-6"]);

export function ChevronIcon({ direction = "right", ...props }: IconProps & { direction?: "left" | "right" }) {
  const Chevron = direction === "left" ? ChevronLeftIcon : ChevronRightIcon;
  return <Chevron {...props} />;
}
