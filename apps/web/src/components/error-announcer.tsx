import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

/** The message shown under each field, by field name (`undefined` when the field is fine). */
export type FieldMessages = Record<string, string | undefined>;

/**
 * Speaks a form's error messages once, politely, without repeating what the focus already says.
 *
 * - A message that appears or changes while the visitor fills the form (after leaving a field,
 *   while correcting one, a refused photo) is announced by this one status region.
 * - A submit with errors announces nothing here: the form moves the focus to the first invalid
 *   field, whose `aria-describedby` message the screen reader reads with it. When the focus was
 *   already on that field (Enter pressed inside it), the form calls `say()` instead, since a focus
 *   that does not move is not read again.
 *
 * The messages under the fields are not live regions themselves, so nothing is spoken twice.
 */
export function useErrorAnnouncer(messages: FieldMessages, submitCount: number) {
  const [text, setText] = useState("");
  const previous = useRef<FieldMessages>(messages);
  const seenSubmits = useRef(submitCount);
  const signature = JSON.stringify(messages);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for `messages`
  useEffect(() => {
    const before = previous.current;
    previous.current = messages;
    if (seenSubmits.current !== submitCount) {
      seenSubmits.current = submitCount;
      return;
    }
    const fresh = Object.entries(messages)
      .filter(([field, message]) => message && before[field] !== message)
      .map(([, message]) => message as string);
    if (fresh.length > 0) {
      setText(fresh.join(" "));
    } else {
      // Once its message is gone, the same message may be announced again later.
      setText((current) => (current && !Object.values(messages).includes(current) ? "" : current));
    }
  }, [signature, submitCount]);

  const say = useCallback((message: string) => {
    setText("");
    // A new text node on the next frame, so the same words are spoken again.
    requestAnimationFrame(() => setText(message));
  }, []);

  const region: ReactNode = (
    <p
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="error-announcer"
    >
      {text}
    </p>
  );
  return { region, say };
}
