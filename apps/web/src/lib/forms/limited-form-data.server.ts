/** How much of a body's end is kept while it is drained: the small fields after its file. */
const tailBytes = 64 * 1024;

/**
 * A posted form read with a limit on its size (the web server hands React Router the body as it
 * comes, unread and unlimited). A body over `maxBytes` is not parsed whole: the fields that came
 * before the limit are kept, and those after the file that made it too large (a control below the
 * photo, such as the slider) when the body was drained to its end; `tooLarge` says the file was
 * dropped, so the page can say why and still show what was sent. What comes after the limit is
 * read and thrown away up to `drainBytes`, so that the browser, still sending, gets the answer
 * rather than a closed connection; a body longer still is cut off.
 */
export async function limitedFormData(
  request: Request,
  maxBytes: number,
  drainBytes = maxBytes * 4,
): Promise<{ formData: FormData; tooLarge: boolean }> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length"));
  if (request.headers.has("content-length") && declared <= maxBytes) {
    return { formData: await request.formData(), tooLarge: false };
  }
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let total = 0;
  let tail = Buffer.alloc(0);
  let drained = true;
  const reader = request.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    total += chunk.value.length;
    if (keptBytes < maxBytes) {
      const part = chunk.value.subarray(0, maxBytes - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    tail = Buffer.concat([tail, chunk.value]).subarray(-tailBytes);
    if (total > drainBytes) {
      drained = false;
      await reader?.cancel();
      break;
    }
  }
  const body = Buffer.concat(kept);
  if (total <= maxBytes) {
    return {
      formData: await new Response(body, { headers: { "content-type": contentType } }).formData(),
      tooLarge: false,
    };
  }
  const formData = await completeParts(body, contentType);
  if (drained) {
    for (const [name, value] of await lastParts(tail, contentType)) {
      if (typeof value === "string" && !formData.has(name)) formData.append(name, value);
    }
  }
  return { formData, tooLarge: true };
}

/** The most a form of text fields posts: the guest book's, its message and captcha proof included. */
export const textFormMaxBytes = 64 * 1024;

/**
 * A posted form of text fields (the language switch, the guest book, the overdue form, Cancel
 * Rent). A body larger than any of them sends is refused (413) after reading at most a few times
 * the limit: it is not a visitor's, and read whole it could take the server's memory.
 */
export async function textFormData(request: Request): Promise<FormData> {
  const { formData, tooLarge } = await limitedFormData(request, textFormMaxBytes);
  if (tooLarge) throw new Response(null, { status: 413, statusText: "Content Too Large" });
  return formData;
}

/** The multipart boundary of a body's type, if it is multipart. */
function boundaryOf(contentType: string): string | undefined {
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return boundary?.[1] ?? boundary?.[2];
}

/**
 * The whole parts at the end of a multipart body (`tail`, its last bytes): from the first part
 * that starts in it to the body's close.
 */
async function lastParts(tail: Buffer<ArrayBuffer>, contentType: string): Promise<FormData> {
  const name = boundaryOf(contentType);
  if (!name) return new FormData();
  const start = tail.indexOf(`\r\n--${name}`, 0, "latin1");
  if (start < 0) return new FormData();
  const parts = tail.subarray(start + 2);
  try {
    return await new Response(parts, { headers: { "content-type": contentType } }).formData();
  } catch {
    return new FormData();
  }
}

/** The complete parts of a multipart body cut short (none for another encoding). */
async function completeParts(body: Buffer, contentType: string): Promise<FormData> {
  const name = boundaryOf(contentType);
  if (!name) return new FormData();
  // Each part after the first starts with CRLF--boundary: cut before the last one, which opens the
  // part the limit cut through, and close the body there.
  const cut = body.lastIndexOf(`\r\n--${name}`, undefined, "latin1");
  if (cut < 0) return new FormData();
  const closed = Buffer.concat([body.subarray(0, cut), Buffer.from(`\r\n--${name}--\r\n`, "latin1")]);
  try {
    return await new Response(closed, { headers: { "content-type": contentType } }).formData();
  } catch {
    return new FormData();
  }
}
