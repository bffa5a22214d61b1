import {
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { CheckCircleIcon } from "../../../components/icons";
import { useT } from "../../../lib/i18n/i18n";
import styles from "./slider-verification.module.css";

/** The swipe widget of spec §9: 250 × 40 px; an early release springs back after 500 ms (spec §4). */
export const sliderSize = { width: 250, height: 40 } as const;
export const sliderResetMs = 500;
/** Movement below this counts as a tap, not a drag. */
const tapTolerancePx = 4;
/** Arrow keys move the handle by a tenth of the track. */
const keyStep = 0.1;

interface SliderVerificationProps {
  passed: boolean;
  onPass: () => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  handleRef?: Ref<HTMLDivElement>;
}

/**
 * "Swipe for verification": passes when the handle reaches the far end. Also operable without
 * dragging (WCAG 2.2, 2.5.7): a single tap on the handle, or the keyboard (arrows, Home/End,
 * Enter/Space). It is a `slider` whose value text and a live region announce the state.
 */
export function SliderVerification({
  passed,
  onPass,
  onBlur,
  invalid,
  describedBy,
  handleRef,
}: SliderVerificationProps) {
  const { t } = useT();
  const max = sliderSize.width - sliderSize.height;
  const [offset, setOffset] = useState(passed ? max : 0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; startOffset: number; moved: boolean } | null>(
    null,
  );
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearReset = useCallback(() => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = undefined;
  }, []);
  useEffect(() => clearReset, [clearReset]);

  // The form may be reset from outside (e.g. a fresh form).
  useEffect(() => {
    setOffset(passed ? max : 0);
  }, [passed, max]);

  const pass = useCallback(() => {
    clearReset();
    drag.current = null;
    setDragging(false);
    setOffset(max);
    if (!passed) onPass();
  }, [clearReset, max, onPass, passed]);

  const moveTo = useCallback(
    (next: number) => {
      const clamped = Math.min(max, Math.max(0, next));
      if (clamped >= max) pass();
      else setOffset(clamped);
    },
    [max, pass],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (passed || (event.pointerType === "mouse" && event.button !== 0)) return;
    clearReset();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startOffset: offset, moved: false };
    setDragging(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (Math.abs(dx) > tapTolerancePx) current.moved = true;
    if (current.moved) moveTo(current.startOffset + dx);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (passed) return;
    if (!current.moved && event.type === "pointerup") {
      // A single tap: the alternative to dragging.
      pass();
      return;
    }
    clearReset();
    resetTimer.current = setTimeout(() => setOffset(0), sliderResetMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (passed) return;
    const step = Math.round(max * keyStep);
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveTo(offset + step),
      ArrowUp: () => moveTo(offset + step),
      ArrowLeft: () => moveTo(offset - step),
      ArrowDown: () => moveTo(offset - step),
      PageUp: () => moveTo(offset + step * 3),
      PageDown: () => moveTo(offset - step * 3),
      Home: () => moveTo(0),
      End: pass,
      Enter: pass,
      " ": pass,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    clearReset();
    action();
  };

  const percent = Math.round((offset / max) * 100);
  return (
    <div className={styles.wrapper}>
      <div
        className={styles.track}
        data-passed={passed || undefined}
        data-invalid={invalid || undefined}
        style={{ width: sliderSize.width, height: sliderSize.height }}
        data-testid="slider-track"
      >
        <span
          className={styles.fill}
          style={{ width: offset + sliderSize.height }}
          data-animate={!dragging || undefined}
          aria-hidden="true"
        />
        <span className={styles.text} aria-hidden="true">
          {passed ? t("dropOff.package.slider.passed") : t("dropOff.package.slider.instruction")}
        </span>
        <div
          ref={handleRef}
          role="slider"
          tabIndex={0}
          className={styles.handle}
          style={{
            transform: `translateX(${offset}px)`,
            width: sliderSize.height,
            height: sliderSize.height,
          }}
          data-animate={!dragging || undefined}
          aria-label={t("dropOff.package.slider.handle")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={passed ? 100 : percent}
          aria-valuetext={
            passed
              ? t("dropOff.package.slider.passed")
              : `${percent}% · ${t("dropOff.package.slider.notVerified")}`
          }
          aria-readonly={passed || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid="slider-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          {passed ? (
            <CheckCircleIcon size={22} />
          ) : (
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="m7 6 6 6-6 6M13 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
        </div>
      </div>
      <span className="visually-hidden" role="status" data-testid="slider-status">
        {passed ? t("dropOff.package.slider.verifiedAnnouncement") : ""}
      </span>
    </div>
  );
}
