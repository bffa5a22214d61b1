import { blobToDataUrl } from "../../../lib/http/data-url";
import { type SendingPackage, storage } from "../../../lib/offline/storage";
import { dataUrlToBlob } from "./compress-photo";

/**
 * How long after it was sent a post whose answer never came is posted again by its reloaded page: a
 * courier whose phone reloaded the tab while the QR was being made (a pull, or the tab discarded
 * while another app was open) is still at the locker. Later, it is a send given up.
 */
export const sendingPackageMs = 10 * 60 * 1000;

/**
 * Keeps the post of a parcel on its way, under the history entry of the page that sent it (ADR
 * 047), in sessionStorage: its answer (the QR) lives only in the response, which a reload loses.
 * The page of that entry posts it again (`sendingPackage`): the same Idempotency-Key gets the QR of
 * the parcel the first post registered, or registers it if the first never reached the API — one
 * parcel either way, never a second from a form typed again under a new key.
 */
export async function keepSending(
  entry: string,
  boxId: number,
  action: string,
  formData: FormData,
  now = Date.now(),
): Promise<void> {
  const fields: SendingPackage["fields"] = [];
  for (const [name, value] of formData) {
    fields.push([
      name,
      typeof value === "string" ? value : { fileName: value.name, dataUrl: await blobToDataUrl(value) },
    ]);
  }
  storage.set("package_sending", { entry, boxId, action, sentAt: now, fields });
}

/** The answer to the kept post came (a QR, a refusal, no signal): nothing to post again. */
export function forgetSending(entry: string): void {
  if (storage.get("package_sending")?.entry === entry) storage.remove("package_sending");
}

/** The post the page of this history entry sent for this box and never saw answered, if still recent. */
export function sendingPackage(
  entry: string,
  boxId: number,
  now = Date.now(),
): { action: string; formData: FormData } | null {
  const kept = storage.get("package_sending");
  if (!kept || kept.entry !== entry || kept.boxId !== boxId) return null;
  const age = now - kept.sentAt;
  if (age < 0 || age >= sendingPackageMs) return null;
  const formData = new FormData();
  for (const [name, value] of kept.fields) {
    if (typeof value === "string") formData.append(name, value);
    else formData.append(name, dataUrlToBlob(value.dataUrl), value.fileName);
  }
  return { action: kept.action, formData };
}
