import type { ComponentType } from "react";
import type { SocialNetwork } from "../config/public-config";
import { Icon, type IconProps, lineIcon } from "./icons";

/** A glyph drawn as one filled shape. */
function filledIcon(d: string) {
  return function FilledIcon(props: IconProps) {
    return (
      <Icon fill="currentColor" stroke="none" {...props}>
        <path d={d} />
      </Icon>
    );
  };
}

/** Simple glyphs of our own for the social links (not the networks' logos). */
const glyphs: Record<SocialNetwork, ComponentType<IconProps>> = {
  instagram: lineIcon(
    [],
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="1" fill="currentColor" stroke="none" />
    </>,
  ),
  facebook: filledIcon(
    "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z",
  ),
  x: lineIcon(["M5 4.5 19 19.5", "M19 4.5 5 19.5"]),
  youtube: filledIcon(
    "M21 8.2c-.2-1.4-1-2.3-2.4-2.4C16.4 5.6 12 5.6 12 5.6s-4.4 0-6.6.2C4 5.9 3.2 6.8 3 8.2 2.8 9.5 2.8 12 2.8 12s0 2.5.2 3.8c.2 1.4 1 2.3 2.4 2.4 2.2.2 6.6.2 6.6.2s4.4 0 6.6-.2c1.4-.1 2.2-1 2.4-2.4.2-1.3.2-3.8.2-3.8s0-2.5-.2-3.8zM10.2 15V9l5 3z",
  ),
  linkedin: filledIcon(
    "M5 3.8a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3.3 9.5h3.4V20H3.3zM9.2 9.5h3.2V11c.5-.9 1.6-1.8 3.4-1.8 3.5 0 4.1 2.3 4.1 5.2V20h-3.4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.2z",
  ),
  tiktok: lineIcon(["M14 4v10.5a3.5 3.5 0 1 1-3.5-3.5", "M14 4c.4 2.6 2.2 4.3 5 4.5"]),
};

/** Decorative: the link around it carries the network's name. */
export function SocialIcon({ network }: { network: SocialNetwork }) {
  const Glyph = glyphs[network];
  return <Glyph size={20} />;
}
