// @vitest-environment jsdom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { beforeAll, describe, expect, it } from "vitest";
import { ServerHtml } from "./server-html";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const payload =
  '<p>Promo <strong>now</strong></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

async function settle(check: () => boolean) {
  for (let attempt = 0; attempt < 50 && !check(); attempt += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

beforeAll(async () => {
  // The component loads DOMPurify on demand; load it once up front so state updates stay inside act().
  await import("../../../lib/security/sanitize");
});

describe("server HTML in the browser", () => {
  it("sanitises HTML that arrives in the browser before showing it", async () => {
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => root.render(<ServerHtml html={payload} className="x" />));
    await settle(() => container.innerHTML.includes("Promo"));
    expect(container.innerHTML).toContain("<p>Promo <strong>now</strong></p>");
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
    act(() => root.unmount());
  });

  it("keeps the server's (already sanitised) markup while hydrating, and sanitises what comes later", async () => {
    const serverMarkup = '<div class="x"><p>Server <em>safe</em></p></div>';
    const container = document.createElement("div");
    container.innerHTML = serverMarkup;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ServerHtml html="<p>Server <em>safe</em></p>" className="x" />);
    });
    expect(container.innerHTML).toBe(serverMarkup);

    await act(async () => root?.render(<ServerHtml html={payload} className="x" />));
    await settle(() => container.innerHTML.includes("Promo"));
    expect(container.innerHTML).toContain("Promo");
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
    act(() => root?.unmount());
  });

  it("renders nothing for empty HTML", async () => {
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => root.render(<ServerHtml html="" />));
    expect(container.innerHTML).toBe("");
    act(() => root.unmount());
  });
});
