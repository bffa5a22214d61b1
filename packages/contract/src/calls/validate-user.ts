import { defineCall } from "../define-call.ts";
import { MembersAuthQuery, UserData } from "../entities/user.ts";

/** Members: the signed-in customer. */
export const validateUser = defineCall({
  id: "validateUser",
  method: "GET",
  path: "/api/webview/v1/members/auth",
  summary: "Validate a member token and return the member's data",
  tag: "members",
  auth: "none",
  statuses: [401, 429],
  query: MembersAuthQuery,
  response: UserData,
});
