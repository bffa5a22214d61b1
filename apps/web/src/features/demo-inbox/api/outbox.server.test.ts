import type { DemoOutboxEntry } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../../lib/http/api-client";
import { loadOutbox } from "./outbox.server";

const message: DemoOutboxEntry = {
  id: "wamid.1",
  channel: "whatsapp",
  to: "62811222233333",
  template: "dropoff_stored",
  language: "id",
  text: "Halo Rina",
  links: [],
  status: "sent",
  receivedAt: "2026-03-01T10:00:00.000Z",
};

/** A client whose API answers `status` with `body`, and the addresses it was asked. */
function api(status: number, body: unknown) {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: "http://api.test",
    fetch: async (url) => {
      asked.push(String(url));
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    },
  });
  return { client, asked };
}

describe("loadOutbox", () => {
  it("asks for the whole outbox when no recipient is typed", async () => {
    const { client, asked } = api(200, { code: 200, data: [message] });
    expect(await loadOutbox(client, "  ")).toEqual({ kind: "messages", to: "", entries: [message] });
    expect(asked).toEqual(["http://api.test/api/demo/outbox"]);
  });

  it("asks for one number's messages as the outbox takes it, without the dashes typed", async () => {
    const { client, asked } = api(200, { code: 200, data: [] });
    expect(await loadOutbox(client, " 0811-2222-33333 ")).toEqual({
      kind: "messages",
      to: "0811222233333",
      entries: [],
    });
    expect(asked).toEqual(["http://api.test/api/demo/outbox?to=0811222233333"]);
  });

  it("asks nothing for a filter that is neither a number nor an address", async () => {
    const { client, asked } = api(200, { code: 200, data: [] });
    expect(await loadOutbox(client, " rina@ ")).toEqual({ kind: "invalid", to: "rina@" });
    expect(asked).toEqual([]);
  });

  it("says the demo is off when the API has no outbox (404)", async () => {
    const { client } = api(404, { code: 404, message: "Not Found" });
    expect(await loadOutbox(client, "")).toEqual({ kind: "off" });
  });

  it("passes any other failure on", async () => {
    const { client } = api(503, { code: 503, message: "Service Unavailable" });
    await expect(loadOutbox(client, "")).rejects.toMatchObject({ status: 503 });
  });
});
