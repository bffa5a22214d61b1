import type { Page } from "playwright-core";

/** One React commit: how many components rendered in it, and whether the document's layout did. */
export interface Commit {
  at: number;
  components: number;
  layout: boolean;
}

/**
 * Records what React renders in each commit. React DOM reports every commit to the developer
 * tools' global hook when one is present, production builds included; this is a minimal hook that
 * counts, per commit, the components that rendered (a component React skipped keeps its fiber
 * from the commit before, one it rendered has a fresh one with the performed-work flag) and
 * whether one of them was the root layout (the component that renders `<html>`).
 */
export async function recordRenders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Fiber {
      type: unknown;
      flags: number;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const performedWork = 1;
    const commits: Commit[] = [];
    (window as unknown as { __commits: typeof commits }).__commits = commits;
    let previous = new WeakSet<Fiber>();
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
        const seen = new WeakSet<Fiber>();
        let components = 0;
        let layout = false;
        const stack: Fiber[] = root.current.child ? [root.current.child] : [];
        while (stack.length > 0) {
          const fiber = stack.pop() as Fiber;
          if (fiber.sibling) stack.push(fiber.sibling);
          if (fiber.child) stack.push(fiber.child);
          seen.add(fiber);
          // The same fiber as in the commit before: React did not visit it.
          if (previous.has(fiber)) continue;
          const component =
            typeof fiber.type === "function" || (typeof fiber.type === "object" && fiber.type);
          if (!component || (fiber.flags & performedWork) === 0) continue;
          components += 1;
          if (fiber.child?.type === "html") layout = true;
        }
        previous = seen;
        commits.push({ at: Math.round(performance.now()), components, layout });
      },
    };
  });
}

/** The commits recorded so far; the first one is the hydration. */
export function commits(page: Page): Promise<Commit[]> {
  return page.evaluate(() => (window as unknown as { __commits: Commit[] }).__commits);
}
