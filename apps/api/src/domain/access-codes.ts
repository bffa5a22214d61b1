import type { Queryable } from "../db/database.ts";
import { randomCode } from "./tokens.ts";

/** What a code does at the locker. */
export type CodePurpose = "store" | "take" | "open" | "overdue" | "dropoff-store" | "pickup";

const prefixes: Record<CodePurpose, string> = {
  store: "S",
  take: "T",
  open: "O",
  overdue: "X",
  "dropoff-store": "D",
  pickup: "P",
};

export interface IssuedCode {
  id: string;
  code: string;
  expiresAt: Date | null;
}

/**
 * Issues a code a locker accepts (the text a QR encodes): `PXB-<purpose letter>-<16 random characters>`.
 * `id` is a separate public handle used in image URLs, so the code itself never appears in a path.
 */
export async function issueCode(
  db: Queryable,
  input: {
    purpose: CodePurpose;
    orderId?: number | null;
    packageId?: number | null;
    expiresAt?: Date | null;
  },
): Promise<IssuedCode> {
  const id = randomCode(20);
  const code = `PXB-${prefixes[input.purpose]}-${randomCode(16)}`;
  const expiresAt = input.expiresAt ?? null;
  await db.query(
    "insert into access_codes (id, code, purpose, order_id, package_id, expires_at) values ($1, $2, $3, $4, $5, $6)",
    [id, code, input.purpose, input.orderId ?? null, input.packageId ?? null, expiresAt],
  );
  return { id, code, expiresAt };
}
