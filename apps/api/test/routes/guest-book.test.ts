import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { captchaToken, failure, multipart, ok, useApp } from "../helpers.ts";

const app = useApp();
let address = 0;
/** Each test sends from its own address, so the rate limit of one does not spill into another. */
const nextAddress = () => `10.0.0.${++address}`;

const fields = {
  sender_name: "  Sari Wijaya ",
  sender_contact: "0812-3456-7890",
  sender_email: "sari@example.id",
  requested_value: "paxelbox_locker",
  message: "We manage three apartment towers.",
  business_type: "Business",
};

const send = (values: Record<string, string>, remoteAddress = nextAddress()) =>
  app().inject({ method: "POST", url: calls.sendGuestBook.path, remoteAddress, ...multipart(values) });

describe("send guest book", () => {
  it("stores every field and returns the white-paper links", async () => {
    const result = ok(calls.sendGuestBook, await send({ ...fields, token: await captchaToken(app()) }));
    expect(result.white_papers[0]?.url).toMatch(/\.pdf$/);
    const [row] = await app().db.query<Record<string, string>>(
      "select * from guest_book_submissions order by id desc limit 1",
    );
    expect(row).toMatchObject({
      sender_name: "Sari Wijaya",
      sender_contact: "081234567890",
      business_type: "Business",
    });
    const pdf = await app().inject(result.white_papers[0]!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.startsWith("%PDF-1.4")).toBe(true);
  });

  it("refuses a missing, forged or replayed captcha with reason captcha", async () => {
    const missing = await send(fields);
    expect(failure(missing, 400)).toMatch(/captcha/i);
    expect(missing.json().data).toEqual({ reason: "captcha" });
    failure(await send({ ...fields, token: btoa(JSON.stringify({ challenge: {}, solution: {} })) }), 400);
    const token = await captchaToken(app());
    ok(calls.sendGuestBook, await send({ ...fields, token }));
    expect((await send({ ...fields, token })).json().data).toEqual({ reason: "captcha" });
    const before = await app().db.query("select id from guest_book_submissions");
    failure(await send({ ...fields, token: "not-a-token" }), 400);
    expect(await app().db.query("select id from guest_book_submissions")).toHaveLength(before.length);
  });

  it("answers 400 with the spec's messages for bad fields", async () => {
    const message = failure(
      await send({ ...fields, sender_contact: "123", sender_email: "nope", sender_name: " " }),
      400,
    );
    expect(message).toContain("Sender Name should not empty");
    expect(message).toContain("Sender Contact should started 0 and between 8 to 13 numbers");
    expect(message).toContain("Email Address not valid");
  });

  it("rejects a wrong purpose and a non-multipart body", async () => {
    failure(await send({ ...fields, requested_value: "x" }), 400);
    failure(
      await app().inject({
        method: "POST",
        url: calls.sendGuestBook.path,
        payload: "plain",
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
  });

  it("limits solved sends per address with 429 and Retry-After; unsolved ones use up nothing", async () => {
    const from = nextAddress();
    // A script's sends without a solved captcha, from the address many phones share: refused, uncounted.
    for (let i = 0; i < 12; i++) failure(await send(fields, from), 400);
    for (let i = 0; i < 5; i++)
      ok(calls.sendGuestBook, await send({ ...fields, token: await captchaToken(app()) }, from));
    const limited = await send({ ...fields, token: await captchaToken(app()) }, from);
    failure(limited, 429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    ok(calls.sendGuestBook, await send({ ...fields, token: await captchaToken(app()) }, nextAddress()));
  });
});
