/** What of the ALTCHA widget a send needs: its state, a new run, and its `statechange` events. */
export interface AltchaRun extends EventTarget {
  getState(): string;
  verify(): Promise<{ payload: string } | null>;
}

/** How a run of the widget ends, by the state it reaches: `null` is a run abandoned (reset or replaced). */
const endOfRun: Record<string, (payload: string | null) => string | null> = {
  verified: (payload) => payload ?? "",
  error: () => "",
  expired: () => "",
  unverified: () => null,
};

/** How the run in progress ends: its payload, "" when it failed or expired, `null` when abandoned. */
function runEnd(widget: AltchaRun): Promise<string | null> {
  return new Promise((resolve) => {
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      const end = endOfRun[state];
      if (!end) return;
      widget.removeEventListener("statechange", onChange);
      resolve(end(payload));
    };
    widget.addEventListener("statechange", onChange);
  });
}

/**
 * The proof of work's answer for one send: the one the widget holds, else the end of the run in
 * progress (the widget starts one when the visitor enters the form), else a new run — also when the
 * run in progress is abandoned on the way, so that a send never waits for a run that will not end.
 * "" when none can be had.
 */
export async function altchaToken(widget: AltchaRun, held: string | null): Promise<string> {
  const state = widget.getState();
  if (state === "verified" && held) return held;
  const running = state === "verifying" ? await runEnd(widget) : null;
  return running ?? (await widget.verify())?.payload ?? "";
}
