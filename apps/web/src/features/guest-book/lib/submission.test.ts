import { GuestBookSubmission } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { toBusinessType, toSubmission } from "./submission";

const values = {
  sender_name: "Budi Santoso",
  sender_contact: "081234567890",
  email_address: "budi@example.com",
  purpose: "paxelbox_locker",
  message: "Kami ingin memasang loker.",
  term_check: true,
  business_type: "Business",
} as const;

describe("guest-book send body (spec §3, §7)", () => {
  it("keeps business_type in the form but does not send it", () => {
    const body = toSubmission(values, "captcha-token");
    expect(body).toEqual({
      sender_name: "Budi Santoso",
      sender_contact: "081234567890",
      sender_email: "budi@example.com",
      requested_value: "paxelbox_locker",
      message: "Kami ingin memasang loker.",
      token: "captcha-token",
    });
    expect(body).not.toHaveProperty("business_type");
    expect(GuestBookSubmission.safeParse(body).success).toBe(true);
  });

  it("reads the business_type query: Individu or Business, anything else is none", () => {
    expect(toBusinessType("Individu")).toBe("Individu");
    expect(toBusinessType("Business")).toBe("Business");
    for (const other of ["Hacker", "business", " Business", "", null])
      expect(toBusinessType(other)).toBeUndefined();
  });
});
