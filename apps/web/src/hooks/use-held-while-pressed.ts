import { useState, useSyncExternalStore } from "react";

/**
 * Whether a finger or a mouse button is down on the page. A press ends once its click has been
 * handled, or shortly after the pointer goes up when no click follows (a scroll, a drag).
 */
let pressed = false;
const listeners = new Set<() => void>();
let releaseTimer: number | undefined;
/** Time given to a click to follow its pointer's release (a tap's click can come a task later). */
const clickGraceMs = 250;

function setPressed(next: boolean) {
  window.clearTimeout(releaseTimer);
  if (pressed === next) return;
  pressed = next;
  for (const listener of listeners) listener();
}

/** After the click's own handlers (target and bubbling) have run. */
const releaseSoon = (delay: number) => {
  window.clearTimeout(releaseTimer);
  releaseTimer = window.setTimeout(() => setPressed(false), delay);
};
const onDown = () => setPressed(true);
const onUp = () => releaseSoon(clickGraceMs);
const onClick = () => releaseSoon(0);

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    document.addEventListener("pointerdown", onDown, true);
    document.addEventListener("pointerup", onUp, true);
    document.addEventListener("pointercancel", onUp, true);
    document.addEventListener("click", onClick, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener("pointerdown", onDown, true);
    document.removeEventListener("pointerup", onUp, true);
    document.removeEventListener("pointercancel", onUp, true);
    document.removeEventListener("click", onClick, true);
    setPressed(false);
  };
}

/**
 * `value`, held at what it was while a pointer is pressed. A person who leaves a field by tapping
 * the next control makes the field's message appear (validated as it loses focus): shown at once,
 * it would push that control down between the finger's press and its release, and the tap would land
 * beside it. Held, the message appears once the tap has done what was aimed at.
 */
export function useHeldWhilePressed<T>(value: T): T {
  const down = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const [held, setHeld] = useState(value);
  if (!down && held !== value) setHeld(value);
  return down ? held : value;
}
