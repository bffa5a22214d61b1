import type { UserData } from "@paxelbox/contract";

/** A member as the members auth call returns them, for unit tests. */
export function testMember(overrides: Partial<UserData> = {}): UserData {
  return {
    email: "sari@example.id",
    first_name: "Sari",
    last_name: "Wijaya",
    member_code: "PXM-1",
    phone: "0812",
    language: "en",
    ...overrides,
  };
}
