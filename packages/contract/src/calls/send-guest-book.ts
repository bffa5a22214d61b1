import { defineCall } from "../define-call.ts";
import { GuestBookResult, GuestBookSubmission } from "../entities/guest-book.ts";

/** Marketing: the partnership guest book. */
export const sendGuestBook = defineCall({
  id: "sendGuestBook",
  method: "POST",
  path: "/api/v1/guest-book",
  summary: "Send the partnership guest book; returns the white-paper links",
  tag: "marketing",
  auth: "none",
  statuses: [429],
  body: GuestBookSubmission,
  bodyType: "multipart",
  response: GuestBookResult,
});
