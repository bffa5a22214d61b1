import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { leaveBodiesUnread, maxBodyBytes } from "./app.ts";

/** A page server's body handling, and what the page's action would have been handed. */
async function postWith(headers: Record<string, string>, payload: string) {
  const app = Fastify();
  leaveBodiesUnread(app);
  app.post("/language", async (request) => ({ handedOn: request.body === undefined }));
  try {
    return await app.inject({ method: "POST", url: "/language", headers, payload });
  } finally {
    await app.close();
  }
}

describe("bodies posted to the page server", () => {
  it("are handed to the page unread", async () => {
    const answer = await postWith(
      { "content-type": "application/x-www-form-urlencoded" },
      "language=en&to=/",
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ handedOn: true });
  });

  it("are refused before anything reads them when they say they are larger than any page posts", async () => {
    const answer = await postWith(
      { "content-type": "multipart/form-data; boundary=x", "content-length": String(maxBodyBytes + 1) },
      "--x--",
    );
    expect(answer.statusCode).toBe(413);
  });
});
