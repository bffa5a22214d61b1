// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type LazyModule, lazyModule, useLazyModule } from "./lazy-module";
import { retryLoadMs, useLoadWhile } from "./use-load-while";

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
});

/** Renders the element into a fresh container and returns the container's text reader. */
function render(element: React.ReactElement): () => string {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  roots.push(root);
  act(() => root.render(element));
  return () => container.textContent ?? "";
}

describe("lazyModule", () => {
  it("imports once, however often it is asked, and keeps the module", async () => {
    const importer = vi.fn(async () => ({ value: 42 }));
    const module = lazyModule(importer);
    expect(module.current()).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(module.current()).toEqual({ value: 42 });
  });

  it("tries again after a failed import", async () => {
    const importer = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ value: 1 });
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow("offline");
    expect(module.current()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ value: 1 });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("starts the import in a task of its own, not in the one that asked", async () => {
    const importer = vi.fn(async () => "later");
    const module = lazyModule(importer);
    const loading = module.load();
    // Not yet: nor after the microtasks the asking task still runs.
    expect(importer).not.toHaveBeenCalled();
    await Promise.resolve();
    await Promise.resolve();
    expect(importer).not.toHaveBeenCalled();
    await expect(loading).resolves.toBe("later");
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tells its subscribers when it arrives, and stops after unsubscribing", async () => {
    const module = lazyModule(async () => "here");
    const heard = vi.fn();
    const stop = module.subscribe(heard);
    await module.load();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    const other = lazyModule(async () => "again");
    const quiet = vi.fn();
    other.subscribe(quiet)();
    await other.load();
    expect(quiet).not.toHaveBeenCalled();
  });
});

function Shows({ module, load }: { module: LazyModule<string>; load?: boolean }) {
  const text = useLazyModule(module, { load });
  return <p>{text ?? "placeholder"}</p>;
}

describe("useLazyModule", () => {
  it("renders the placeholder, starts the import after rendering, then shows the module", async () => {
    let resolve!: (value: string) => void;
    const importer = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const module = lazyModule(importer);
    const text = render(<Shows module={module} />);
    expect(text()).toBe("placeholder");
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await act(async () => resolve("arrived"));
    expect(text()).toBe("arrived");
  });

  it("renders a module that is already there at once, and does not import when told not to", async () => {
    const module = lazyModule(async () => "ready");
    await module.load();
    expect(render(<Shows module={module} />)()).toBe("ready");

    const importer = vi.fn(async () => "never");
    const idle = lazyModule(importer);
    const text = render(<Shows module={idle} load={false} />);
    await act(async () => undefined);
    expect(text()).toBe("placeholder");
    expect(importer).not.toHaveBeenCalled();
  });
});

function Waits({ module }: { module: LazyModule<string> }) {
  const text = useLazyModule(module, { load: false });
  useLoadWhile(module, text === undefined);
  return <p>{text ?? "placeholder"}</p>;
}

describe("useLoadWhile", () => {
  const dropped = () => new TypeError("Failed to fetch dynamically imported module");

  it("tries a failed import again until it arrives, then stops", async () => {
    vi.useFakeTimers();
    try {
      const importer = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(dropped())
        .mockRejectedValueOnce(dropped())
        .mockResolvedValueOnce("arrived");
      const text = render(<Waits module={lazyModule(importer)} />);
      await act(async () => vi.advanceTimersByTimeAsync(0));
      expect(importer).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTimeAsync(retryLoadMs));
      expect(importer).toHaveBeenCalledTimes(2);
      expect(text()).toBe("placeholder");
      await act(async () => vi.advanceTimersByTimeAsync(retryLoadMs));
      expect(importer).toHaveBeenCalledTimes(3);
      expect(text()).toBe("arrived");
      await act(async () => vi.advanceTimersByTimeAsync(10 * retryLoadMs));
      expect(importer).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
