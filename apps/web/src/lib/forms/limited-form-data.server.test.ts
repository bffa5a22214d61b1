import { describe, expect, it } from "vitest";
import { limitedFormData, textFormData, textFormMaxBytes } from "./limited-form-data.server";

const texts = { sender_name: "Kurir Paxel", recipient_name: "Rina Kartika", slider_verification: "100" };

function post(body: BodyInit, headers?: HeadersInit) {
  return new Request("http://web/package?boxId=7", { method: "POST", body, headers });
}

/** A form posted as a stream of chunks with no length, as the web server hands a body on. */
async function streamed(form: FormData): Promise<Request> {
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 16_384));
      at += 16_384;
    },
  });
  return new Request("http://web/package", {
    method: "POST",
    body: stream,
    headers: { "content-type": type },
    duplex: "half",
  } as RequestInit);
}

describe("a posted form read with a limit", () => {
  it("reads a form within the limit whole, files included", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(texts)) body.set(name, value);
    body.set("package_photo", new Blob([new Uint8Array(5_000).fill(7)]), "small.jpg");
    const { formData, tooLarge } = await limitedFormData(post(body), 100_000);
    expect(tooLarge).toBe(false);
    expect(formData.get("recipient_name")).toBe(texts.recipient_name);
    expect((formData.get("package_photo") as File).size).toBe(5_000);
    const encoded = await limitedFormData(post(new URLSearchParams(texts)), 100_000);
    expect(encoded.formData.get("sender_name")).toBe(texts.sender_name);
  });

  it("over the limit: too large, with the fields posted before the cut and without the file", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(texts)) body.set(name, value);
    body.set("package_photo", new Blob([new Uint8Array(200_000).fill(7)]), "big.jpg");
    const { formData, tooLarge } = await limitedFormData(post(body), 100_000);
    expect(tooLarge).toBe(true);
    expect(Object.fromEntries(formData)).toEqual(texts);
  });

  it("over the limit: keeps the small fields after the file too, once the body was read to its end", async () => {
    const body = new FormData();
    body.set("sender_name", texts.sender_name);
    body.set("package_photo", new Blob([new Uint8Array(200_000).fill(7)]), "big.jpg");
    // Below the photo in the page, so after it in the body.
    body.set("slider_verification", "100");
    body.set("send_key", "k-1");
    const { formData, tooLarge } = await limitedFormData(post(body), 100_000);
    expect(tooLarge).toBe(true);
    expect(Object.fromEntries(formData)).toEqual({
      sender_name: texts.sender_name,
      slider_verification: "100",
      send_key: "k-1",
    });
    // A body too long to drain is cut off (as the web server's stream is): what came after the cut
    // is not known.
    const cut = await limitedFormData(await streamed(body), 50_000, 100_000);
    expect(cut.tooLarge).toBe(true);
    expect(Object.fromEntries(cut.formData)).toEqual({ sender_name: texts.sender_name });
  });

  it("does not trust a missing length: a streamed body is cut at the limit too", async () => {
    const body = new FormData();
    body.set("sender_name", texts.sender_name);
    body.set("package_photo", new Blob([new Uint8Array(200_000).fill(7)]), "big.jpg");
    const request = await streamed(body);
    const { formData, tooLarge } = await limitedFormData(request, 100_000);
    expect(tooLarge).toBe(true);
    expect(formData.get("sender_name")).toBe(texts.sender_name);
  });

  it("reads a form of text fields, and refuses one larger than any such form sends, however it is sent", async () => {
    const form = await textFormData(post(new URLSearchParams({ language: "en", to: "/" })));
    expect(Object.fromEntries(form)).toEqual({ language: "en", to: "/" });
    const huge = new URLSearchParams({ language: "en", to: "/", x: "a".repeat(textFormMaxBytes * 10) });
    const declared = textFormData(post(huge));
    await expect(declared).rejects.toBeInstanceOf(Response);
    await expect(declared).rejects.toMatchObject({ status: 413 });
    const multipart = new FormData();
    multipart.set("x", "a".repeat(textFormMaxBytes * 10));
    await expect(textFormData(await streamed(multipart))).rejects.toMatchObject({ status: 413 });
  });
});
