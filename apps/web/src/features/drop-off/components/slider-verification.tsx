import { type ChangeEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useT } from "../../../lib/i18n/i18n";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { sliderMax } from "../lib/package-form";
import styles from "./slider-verification.module.css";

/** The swipe widget of spec §9: 250 × 40 px; an early release springs back after 500 ms (spec §4). */
export const sliderSize = { width: 250, height: 40 } as const;
export const sliderResetMs = 500;

interface SliderVerificationProps {
  id?: string;
  /** The field's name: the form posts the slider's value, which passes at its far end only. */
  name: string;
  passed: boolean;
  onPass: () => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement | null>;
  /** Focus it as the page loads (the first field in error of a refused post). */
  autoFocus?: boolean;
}

/**
 * "Swipe for verification": a native range (`<input type="range">`) drawn as the swipe widget; it
 * passes at its far end. Native, it works before the page's scripts run and without them: a drag,
 * a tap at its end, or the keyboard (arrows, Page Up, End) moves it, and the form posts its value
 * (the action takes only the far end). With the scripts, a drag released early springs back after
 * 500 ms (spec §4), and a passed slider stays passed.
 */
export function SliderVerification({
  id,
  name,
  passed,
  onPass,
  onBlur,
  invalid,
  describedBy,
  inputRef,
  autoFocus,
}: SliderVerificationProps) {
  const { t } = useT();
  const live = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(inputRef, () => input.current as HTMLInputElement, []);
  const [value, setValue] = useState(passed ? sliderMax : 0);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // Moved before the page's scripts ran (the control is native): the form takes it as it is.
  const [onPassFirst] = useState(() => onPass);
  useEffect(() => {
    const moved = Number(input.current?.value ?? 0);
    setValue(moved);
    if (moved >= sliderMax) onPassFirst();
  }, [onPassFirst]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.currentTarget;
    clearTimeout(resetTimer.current);
    if (passed) {
      // Passed is final: the handle stays at the end.
      element.value = String(sliderMax);
      return;
    }
    const next = Number(element.value);
    setValue(next);
    if (next >= sliderMax) onPass();
  };

  // A drag released before the end springs back (the keyboard moves it step by step: no spring).
  const onRelease = () => {
    const element = input.current;
    if (!element || passed || Number(element.value) >= sliderMax) return;
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      element.value = "0";
      setValue(0);
    }, sliderResetMs);
  };

  const shown = passed ? sliderMax : value;
  const percent = Math.round((shown / sliderMax) * 100);
  return (
    <div className={`stack ${styles.wrapper}`}>
      <div
        className={styles.track}
        data-passed={passed || undefined}
        data-invalid={invalid || undefined}
        style={{ width: sliderSize.width, height: sliderSize.height }}
        data-testid="slider-track"
      >
        <span className={styles.text} aria-hidden="true">
          {passed ? t("dropOff.package.slider.passed") : t("dropOff.package.slider.instruction")}
        </span>
        <input
          ref={input}
          id={id}
          name={name}
          type="range"
          min={0}
          max={sliderMax}
          step={1}
          defaultValue={passed ? sliderMax : 0}
          className={styles.range}
          // biome-ignore lint/a11y/noAutofocus: the first field in error of a page that arrived refused
          autoFocus={autoFocus}
          aria-label={t("dropOff.package.slider.handle")}
          // What the value means, once the page's scripts keep it up to date (without them the
          // control's own number is read).
          aria-valuetext={
            live
              ? passed
                ? t("dropOff.package.slider.passed")
                : `${percent}% · ${t("dropOff.package.slider.notVerified")}`
              : undefined
          }
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid="slider-handle"
          onChange={onChange}
          onPointerUp={onRelease}
          onPointerCancel={onRelease}
          onBlur={onBlur}
        />
      </div>
      <span className="visually-hidden" role="status" data-testid="slider-status">
        {passed ? t("dropOff.package.slider.verifiedAnnouncement") : ""}
      </span>
    </div>
  );
}
