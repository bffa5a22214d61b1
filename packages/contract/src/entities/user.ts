import * as z from "zod/mini";
import { checked, Language } from "../common.ts";

/** The signed-in customer, as returned by the members auth call (spec §3 "User data"). */
export const UserData = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  member_code: z.string(),
  phone: z.string(),
  language: Language,
});
export type UserData = z.infer<typeof UserData>;

export const MembersAuthQuery = z.strictObject({
  token: checked(
    z.string({ error: "token is required" }),
    z.trim(),
    z.minLength(1, { error: "token is required" }),
    z.maxLength(200),
  ),
});
