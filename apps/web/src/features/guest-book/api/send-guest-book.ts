import { calls, type GuestBookResult, type GuestBookSubmission } from "@paxelbox/contract";
import { request } from "../../../lib/api-client";

/** Sends the guest book (multipart, spec §7); resolves to the white-paper links. */
export function sendGuestBook(body: GuestBookSubmission): Promise<GuestBookResult> {
  return request(calls.sendGuestBook, { body });
}
