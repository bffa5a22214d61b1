import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { failure, ok, useApp } from "../helpers.ts";

const app = useApp();

function multipart(fields: Record<string, string>) {
  const boundary = "----paxelbox-test";
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const valid = {
  sender_name: "  Sari Wijaya ",
  sender_contact: "0812-3456-7890",
  sender_email: "sari@example.id",
  requested_value: "paxelbox_locker",
  message: "We manage three apartment towers.",
  business_type: "Business",
  token: "captcha-token",
};

describe("send guest book", () => {
  it("stores every field and returns the white-paper links", async () => {
    const response = await app().inject({
      method: "POST",
      url: calls.sendGuestBook.path,
      ...multipart(valid),
    });
    const result = ok(calls.sendGuestBook, response);
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

  it("answers 400 with the spec's messages for bad fields", async () => {
    const response = await app().inject({
      method: "POST",
      url: calls.sendGuestBook.path,
      ...multipart({ ...valid, sender_contact: "123", sender_email: "nope", sender_name: " " }),
    });
    const message = failure(response, 400);
    expect(message).toContain("Sender Name should not empty");
    expect(message).toContain("Sender Contact should started 0 and between 8 to 13 numbers");
    expect(message).toContain("Email Address not valid");
  });

  it("rejects a wrong purpose and a non-multipart body", async () => {
    failure(
      await app().inject({
        method: "POST",
        url: calls.sendGuestBook.path,
        ...multipart({ ...valid, requested_value: "x" }),
      }),
      400,
    );
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
});
