import { dropOffMessages } from "@paxelbox/contract";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { ApiError } from "../../../lib/http/api-error";
import { packageAction, readPackageForm } from "./package-action.server";
import { photoMessages } from "./package-form";
import { looksLikeImage, PhotoRefused, photoUploadMaxBytes, smallPhoto } from "./package-photo.server";

const api = vi.hoisted(() => ({ requestImage: vi.fn(), requests: [] as Request[] }));
vi.mock("../../../lib/http/api-client.server", () => ({
  serverApiClient: (_config: unknown, _token: unknown, request: Request) => {
    api.requests.push(request);
    return api;
  },
}));

/** A phone-like photo: `width` × `height` of noise (so JPEG cannot shrink it to nothing), stored turned. */
async function phonePhoto(width = 4000, height = 3000, orientation = 1): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation })
    .toBuffer();
}

const config = parseWebEnv({});

const photoOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");

const filled = {
  send_key: "key-1",
  sender_name: "  Kurir Paxel ",
  recipient_name: "Rina Kartika",
  recipient_mobile_number: "0811-2222-3333",
  locker_location: "Mal Taman Anggrek",
  package_size: "M",
  slider_verification: "100",
};

function post(fields: Record<string, string>, photo?: Blob, url = "http://web/package?boxId=7&name=Mal") {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (photo) body.set("package_photo", photo, "IMG_0001.jpg");
  return new Request(url, { method: "POST", body, headers: { cookie: "language=en" } });
}

let bigPhoto: Buffer;
beforeAll(async () => {
  bigPhoto = await phonePhoto(4000, 3000, 6);
}, 60_000);

describe("the package photo made small on the server", () => {
  it("turns a big phone photo upright (EXIF) into a JPEG of at most 1600 px and 300 KB, without metadata", async () => {
    expect(bigPhoto.length).toBeGreaterThan(2 * 1024 * 1024);
    const small = await smallPhoto(bigPhoto);
    expect(small.dataUrl).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    const bytes = photoOf(small.dataUrl);
    expect(bytes.length).toBe(small.bytes);
    expect(small.bytes).toBeLessThanOrEqual(300 * 1024);
    const metadata = await sharp(bytes).metadata();
    // Stored 4000 × 3000 turned a quarter (orientation 6): upright it is 3000 × 4000.
    expect([metadata.width, metadata.height]).toEqual([small.width, small.height]);
    expect(metadata.height).toBeGreaterThan(metadata.width);
    expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(1600);
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
  }, 30_000);

  it("gives the same bytes for the same file (a post repeated is the same send)", async () => {
    const photo = await phonePhoto(1200, 900);
    expect((await smallPhoto(photo)).dataUrl).toBe((await smallPhoto(photo)).dataUrl);
  }, 30_000);

  it("gives a transparent PNG a white ground, and never enlarges a small picture", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const small = await smallPhoto(png);
    expect([small.width, small.height]).toEqual([64, 48]);
    const { data } = await sharp(photoOf(small.dataUrl)).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  }, 30_000);

  it("refuses what is not an image, a corrupt image and a file over the limit, each with its reason", async () => {
    const reason = (file: Uint8Array) =>
      smallPhoto(file).then(
        () => "kept",
        (error: unknown) => (error instanceof PhotoRefused ? error.reason : error),
      );
    expect(await reason(Buffer.from("hello, this is a text file"))).toBe("photoNotImage");
    expect(await reason(Buffer.from("<html><script>alert(1)</script></html>"))).toBe("photoNotImage");
    // Text that starts as an HEIC does (`ftyp` at its fifth byte) is read for what it is: not a photo.
    const svg = '<!--ftyp--><svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"/>';
    expect(looksLikeImage(Buffer.from(svg))).toBe(true);
    expect(await reason(Buffer.from(svg))).toBe("photoNotImage");
    expect(await reason(bigPhoto.subarray(0, 4096))).toBe("photoUnreadable");
    const corrupt = Buffer.from(bigPhoto);
    corrupt.fill(0x42, 400, corrupt.length - 2);
    expect(await reason(corrupt)).toBe("photoUnreadable");
    const huge = new Uint8Array(photoUploadMaxBytes + 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await reason(huge)).toBe("photoTooLarge");
    expect(looksLikeImage(bigPhoto)).toBe(true);
  }, 30_000);
});

describe("reading the posted form", () => {
  it("takes the texts as posted, the phone as digits, and the photo made small", async () => {
    const { values, photoError } = await readPackageForm(
      post(filled, new Blob([new Uint8Array(bigPhoto)], { type: "image/jpeg" })),
    );
    expect(photoError).toBeUndefined();
    expect(values).toMatchObject({
      ...filled,
      sender_name: "Kurir Paxel",
      recipient_mobile_number: "081122223333",
    });
    expect(photoOf(values.package_photo).length).toBeLessThanOrEqual(300 * 1024);
  }, 30_000);

  it("says why a photo was refused, never drops it silently", async () => {
    const text = new Blob(["not a picture"], { type: "text/plain" });
    expect((await readPackageForm(post(filled, text))).photoError).toBe(photoMessages.photoNotImage);
    const corrupt = new Blob([new Uint8Array(bigPhoto.subarray(0, 4096))], { type: "image/jpeg" });
    expect((await readPackageForm(post(filled, corrupt))).photoError).toBe(photoMessages.photoUnreadable);
  });

  it("keeps a photo posted back from a refused form when no new file is chosen", async () => {
    const kept = "data:image/jpeg;base64,/9j/4AAQ";
    const { values } = await readPackageForm(post({ ...filled, package_photo_kept: kept }));
    expect(values.package_photo).toBe(kept);
  });
});

describe("the package form's action", () => {
  const photo = () => new Blob([new Uint8Array(bigPhoto)], { type: "image/jpeg" });
  beforeEach(() => {
    api.requestImage.mockReset();
  });

  it("refuses an empty form with the contract's messages (400), without calling the API", async () => {
    const answer = await packageAction(config, post({ send_key: "k", locker_location: "Mal" }), 7);
    expect(answer).toMatchObject({ init: { status: 400 } });
    const refused = (answer as { data: { errors: Record<string, string>; values: Record<string, string> } })
      .data;
    expect(refused.errors).toEqual({
      sender_name: dropOffMessages.senderName,
      recipient_name: dropOffMessages.recipientName,
      recipient_mobile_number: dropOffMessages.recipientMobileNumber,
      package_size: dropOffMessages.packageSize,
      package_photo: dropOffMessages.packagePhoto,
      slider_verification: dropOffMessages.slider,
    });
    expect(refused.values.locker_location).toBe("Mal");
    expect(api.requestImage).not.toHaveBeenCalled();
  });

  it("takes the slider only at its far end, and keeps a good photo (smaller) for the next post", async () => {
    const answer = await packageAction(config, post({ ...filled, slider_verification: "99" }, photo()), 7);
    const refused = (answer as { data: { errors: Record<string, string>; values: Record<string, string> } })
      .data;
    expect(refused.errors).toEqual({ slider_verification: dropOffMessages.slider });
    expect(refused.values.sender_name).toBe("Kurir Paxel");
    const kept = photoOf(refused.values.package_photo ?? "");
    expect(kept.length).toBeLessThanOrEqual(150 * 1024);
    expect(api.requestImage).not.toHaveBeenCalled();
  }, 30_000);

  it("sends the parcel under the form's key, in the page's language, and answers its QR", async () => {
    const qr = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    // The first post of a double tap is still running: the second waits for its answer.
    api.requestImage
      .mockRejectedValueOnce(
        new ApiError({
          status: 409,
          code: 409,
          message: "running",
          key: "idempotencyKeyRunning",
          kind: "http",
          callId: "x",
        }),
      )
      .mockResolvedValueOnce(new Blob([qr], { type: "image/png" }));
    const answer = await packageAction(config, post(filled, photo()), 7);
    expect(answer).toMatchObject({
      sent: true,
      qr: `data:image/png;base64,${Buffer.from(qr).toString("base64")}`,
      size: "M",
      values: { sender_name: "Kurir Paxel", recipient_mobile_number: "081122223333" },
    });
    // The locked form shows a thumbnail of the photo, with the size of the one sent.
    const sent = answer as { values: { package_photo: string }; photoBytes: number };
    expect(photoOf(sent.values.package_photo).length).toBeLessThanOrEqual(16 * 1024);
    expect(sent.photoBytes).toBeGreaterThan(photoOf(sent.values.package_photo).length);
    expect(api.requestImage).toHaveBeenCalledTimes(2);
    const [, options] = api.requestImage.mock.calls[1] as [
      unknown,
      { body: Record<string, unknown>; idempotencyKey: string },
    ];
    expect(options.idempotencyKey).toBe("key-1");
    expect(options.body).toMatchObject({
      senderName: "Kurir Paxel",
      takeUserPhoneNumber: "081122223333",
      box: { id: 7 },
      mouth: { mouthType: { name: "M" } },
    });
    expect(String(options.body.photo)).toMatch(/^data:image\/jpeg;base64,/);
    // The page's language (its cookie here), not the browser's.
    expect(api.requests.at(-1)?.headers.get("accept-language")).toBe("en");
  }, 30_000);

  it("answers the API's refusal as the form's message, with a new key for the next try", async () => {
    api.requestImage.mockRejectedValueOnce(
      new ApiError({
        status: 409,
        code: 409,
        message: "No locker available",
        serverMessage: "No locker available",
        key: "noLockerAvailable",
        kind: "http",
        callId: "sendPackageData",
      }),
    );
    const answer = await packageAction(config, post(filled, photo()), 7);
    const refused = (answer as { data: { formError: string; values: Record<string, string> } }).data;
    expect(refused.formError).toBe("No locker available");
    expect(refused.values.send_key).not.toBe("key-1");
    expect(refused.values.send_key).toMatch(/^[\w-]{16,}$/);
    expect(api.requestImage).toHaveBeenCalledTimes(1);
  }, 30_000);

  it("sends back the photo as it was sent when the key is kept, so the page's next post is the same body", async () => {
    api.requestImage.mockRejectedValueOnce(
      new ApiError({ status: 0, code: 0, kind: "timeout", message: "x", callId: "sendPackageData" }),
    );
    const answer = await packageAction(config, post(filled, photo()), 7);
    const refused = (answer as { data: { values: Record<string, string> } }).data.values;
    api.requestImage.mockResolvedValueOnce(new Blob([new Uint8Array([137, 80, 78, 71])]));
    // The page posts what it was given back: the texts, the key, and the photo it kept.
    const { package_photo, ...texts } = refused;
    await packageAction(config, post({ ...texts, package_photo_kept: package_photo ?? "" }), 7);
    const [first, second] = api.requestImage.mock.calls.map(
      ([, options]) => options as { body: unknown; idempotencyKey: string },
    );
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(JSON.stringify(second?.body)).toBe(JSON.stringify(first?.body));
  }, 30_000);

  it("sends under a key of its own when the page's key went with another parcel, the same key for the same body", async () => {
    const spent = () =>
      new ApiError({
        status: 422,
        code: 422,
        kind: "http",
        key: "idempotencyKeyReused",
        message: "x",
        callId: "sendPackageData",
      });
    const qr = () => new Blob([new Uint8Array([137, 80, 78, 71])]);
    api.requestImage.mockRejectedValueOnce(spent()).mockResolvedValueOnce(qr());
    await packageAction(config, post(filled, photo()), 7);
    // The same form posted again (a refresh of its QR page): the same derived key, so the same send.
    api.requestImage.mockRejectedValueOnce(spent()).mockResolvedValueOnce(qr());
    await packageAction(config, post(filled, photo()), 7);
    const keys = api.requestImage.mock.calls.map(
      ([, options]) => (options as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).toBe("key-1");
    expect(keys[1]).not.toBe("key-1");
    expect(keys[1]).toMatch(/^[\w-]{40,}$/);
    expect(keys.slice(2)).toEqual(["key-1", keys[1]]);
    // Another body under the spent key is another send.
    api.requestImage.mockRejectedValueOnce(spent()).mockResolvedValueOnce(qr());
    await packageAction(config, post({ ...filled, recipient_name: "Budi" }, photo()), 7);
    const last = api.requestImage.mock.calls.at(-1) as [unknown, { idempotencyKey: string }];
    expect(last[1].idempotencyKey).not.toBe(keys[1]);
  }, 30_000);

  it("keeps the key when the API kept none (a limit, a failure, no answer): the next try is the same send", async () => {
    for (const failure of [
      { status: 429, kind: "http" as const, key: "tooManyRequests" },
      { status: 503, kind: "http" as const, key: undefined },
      { status: 0, kind: "timeout" as const, key: undefined },
    ]) {
      api.requestImage.mockRejectedValueOnce(
        new ApiError({ ...failure, code: failure.status, message: "x", callId: "sendPackageData" }),
      );
      const answer = await packageAction(config, post(filled, photo()), 7);
      const refused = (answer as { data: { values: Record<string, string> } }).data;
      expect(refused.values.send_key, String(failure.status)).toBe("key-1");
    }
  }, 30_000);
});
