import type { ReactNode, SVGProps } from "react";

/** Line icons (24 px grid, currentColor). Decorative unless given a title by the caller. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every line icon draws in; features build their own icons on it. */
export function Icon({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/**
 * A line icon of `paths` (their `d`) over any other `shapes` (circles, rects), drawn at
 * `defaultSize` px unless the caller gives a size.
 */
export function lineIcon(paths: readonly string[], shapes?: ReactNode, defaultSize = 24) {
  return function LineIcon({ size = defaultSize, ...props }: IconProps) {
    return (
      <Icon size={size} {...props}>
        {shapes}
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </Icon>
    );
  };
}

const ring = <circle cx="12" cy="12" r="9" />;

export const ArrowLeftIcon = lineIcon(["M19 12H5", "m12 19-7-7 7-7"]);
export const MenuIcon = lineIcon(["M4 6h16", "M4 12h16", "M4 18h16"]);
export const CloseIcon = lineIcon(["M18 6 6 18", "m6 6 12 12"]);
export const AlertIcon = lineIcon(["M12 7.5v5.5", "M12 16.5h.01"], ring);
export const SignalOffIcon = lineIcon([
  "M2 8.8a15 15 0 0 1 4.2-2.6",
  "M22 8.8A15 15 0 0 0 10.7 5",
  "M5 12.6a10 10 0 0 1 3.4-2",
  "M19 12.6a10 10 0 0 0-2.9-1.8",
  "M8.5 16.3a5 5 0 0 1 7 0",
  "M12 20h.01",
  "m3 3 18 18",
]);
export const CheckCircleIcon = lineIcon(["m8 12.5 2.8 2.8L16.5 9.5"], ring);
export const ExternalIcon = lineIcon([
  "M14 4h6v6",
  "M20 4 11 13",
  "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
]);
export const HomeIcon = lineIcon(["M3 11 12 4l9 7", "M5 10v10h14V10"]);
export const SearchIcon = lineIcon(["m16 16 4.5 4.5"], <circle cx="11" cy="11" r="6.5" />);
/** A phone: the native app. */
export const BridgeIcon = lineIcon(["M10.5 18.5h3"], <rect x="6" y="2.5" width="12" height="19" rx="2.5" />);
