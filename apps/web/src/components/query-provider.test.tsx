// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { PreloadedQueries } from "./query-provider";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let browserCalls = 0;

function Order() {
  const query = useQuery({
    queryKey: ["order", 7],
    queryFn: async () => {
      browserCalls += 1;
      return { id: 7, from: "browser" };
    },
    staleTime: 60_000,
  });
  return <p>{query.data ? `${query.data.id} from ${query.data.from}` : "loading"}</p>;
}

async function render(client: QueryClient, data: unknown, updatedAt: number) {
  const container = document.createElement("div");
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <PreloadedQueries queries={[{ queryKey: ["order", 7], data, updatedAt }, null]}>
          <Order />
        </PreloadedQueries>
      </QueryClientProvider>,
    );
  });
  return { container, root };
}

describe("PreloadedQueries", () => {
  it("gives the screen the server's answer on its first render, with the server's time", async () => {
    const client = new QueryClient();
    const updatedAt = Date.now() - 1_000;
    browserCalls = 0;
    const { container, root } = await render(client, { id: 7, from: "server" }, updatedAt);
    expect(container.textContent).toBe("7 from server");
    expect(client.getQueryState(["order", 7])?.dataUpdatedAt).toBe(updatedAt);
    expect(browserCalls).toBe(0);
    act(() => root.unmount());
  });

  it("keeps data the browser already has", async () => {
    const client = new QueryClient();
    client.setQueryData(["order", 7], { id: 7, from: "browser" });
    const { container, root } = await render(client, { id: 7, from: "server" }, Date.now());
    expect(container.textContent).toBe("7 from browser");
    act(() => root.unmount());
  });
});
