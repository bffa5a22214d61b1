import { useId } from "react";

/** Flags of the language switcher (spec §2: English flag gb, Bahasa flag id), drawn inline. */

interface FlagProps {
  className?: string;
}

export function FlagId({ className }: FlagProps) {
  return (
    <svg className={className} viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      <rect width="30" height="10" fill="#ce1126" />
      <rect y="10" width="30" height="10" fill="#ffffff" />
      <rect x="0.5" y="0.5" width="29" height="19" fill="none" stroke="#17171f" strokeOpacity="0.15" />
    </svg>
  );
}

export function FlagGb({ className }: FlagProps) {
  const id = useId();
  const clipFlag = `${id}-flag`;
  const clipDiagonal = `${id}-diag`;
  return (
    <svg className={className} viewBox="0 0 60 40" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipFlag}>
          <rect width="60" height="40" />
        </clipPath>
        <clipPath id={clipDiagonal}>
          <path d="M30 20h30v20zv20H0zH0V0zV0h30z" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipFlag})`}>
        <rect width="60" height="40" fill="#012169" />
        <path d="M0 0l60 40M60 0L0 40" stroke="#ffffff" strokeWidth="8" />
        <path d="M0 0l60 40M60 0L0 40" clipPath={`url(#${clipDiagonal})`} stroke="#c8102e" strokeWidth="5" />
        <path d="M30 0v40M0 20h60" stroke="#ffffff" strokeWidth="12" />
        <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
      </g>
    </svg>
  );
}

export function FlagFor({ language, className }: FlagProps & { language: "id" | "en" }) {
  return language === "en" ? <FlagGb className={className} /> : <FlagId className={className} />;
}
