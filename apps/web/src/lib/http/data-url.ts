/**
 * A blob as a base64 `data:` URL, in the browser and on the server alike (which has no
 * `FileReader`): the photo made small, an image the API drew (the paid pick-up QR).
 */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  // In slices: one call with every byte as an argument would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${blob.type || "application/octet-stream"};base64,${btoa(binary)}`;
}
