import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, vi } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * For component tests (jsdom): a fresh container and React root in the document for each test,
 * unmounted and removed after it. Call it once at the top of the test file or `describe`.
 */
export function testRoot() {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;

  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });

  const mounted = () => {
    if (!container || !root) throw new Error("testRoot(): no test is running");
    return { container, root };
  };

  return {
    /** The element the test renders into. */
    get container(): HTMLDivElement {
      return mounted().container;
    },
    /** Renders `node` (again) and lets its effects run. */
    render: async (node: ReactNode) => {
      const { root: current } = mounted();
      await act(async () => current.render(node));
    },
    /** Unmounts what is rendered and starts again with a new root in the same container. */
    reset: () => {
      const { container: current, root: old } = mounted();
      act(() => old.unmount());
      root = createRoot(current);
    },
    /** The element with this test id, if any. */
    $: (testId: string) => mounted().container.querySelector(`[data-testid="${testId}"]`),
  };
}

/**
 * Lets fetches, React Query and React settle under fake timers: `ms` on, then a few milliseconds
 * more, a tick at a time.
 */
export async function flushTimers(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}
