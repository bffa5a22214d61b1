import { describe, expect, it } from "vitest";
import { isApiPath } from "./system.ts";

describe("the composition root's routing by path", () => {
  it.for([
    "/api/v1/settings",
    "/api/demo/outbox?to=0811222233333",
    "/ebox/api/v1/barcode/x/1",
    "/demo/kiosk",
    "/demo/pay/abc",
    "/demo/whatsapp/v23.0/1/messages",
    "/demo/inboxes",
    "/healthz",
    "/readyz",
  ])("%s goes to the API", (url) => {
    expect(isApiPath(url)).toBe(true);
  });

  it.for([
    "/",
    "/order?orderid=1",
    "/demo/inbox",
    "/demo/inbox?to=0811222233333",
    "/demo/inbox/",
    "/demo/inbox.data?to=rina%40example.com",
    "/demonstration",
  ])("%s goes to the web app", (url) => {
    expect(isApiPath(url)).toBe(false);
  });
});
