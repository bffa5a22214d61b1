import type { UserData } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { hashToken } from "../domain/tokens.ts";
import { forbidden, unauthorized } from "../http/errors.ts";

/**
 * Who is calling. Members sign in with the token the app gives them; the recipient of a drop-off
 * holds the secret of its order link, which opens that one order and nothing else.
 */
export type Principal =
  | { kind: "member"; memberId: number; user: UserData }
  | { kind: "recipient"; orderId: number; user: UserData };

declare module "fastify" {
  interface FastifyRequest {
    /** Resolves the bearer token once per request; null without a valid token. */
    principal(): Promise<Principal | null>;
  }
}

interface MemberRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  member_code: string;
  phone: string;
  language: "id" | "en";
}

/** Finds the holder of a token: a member, or the recipient of the order whose link carries it. */
export async function findPrincipal(db: Queryable, token: string): Promise<Principal | null> {
  const hash = hashToken(token);
  const [member] = await db.query<MemberRow>(
    "select id, email, first_name, last_name, member_code, phone, language from members where token_hash = $1",
    [hash],
  );
  if (member) {
    const { id, ...user } = member;
    return { kind: "member", memberId: id, user };
  }
  const [order] = await db.query<{ id: number; recipient_name: string; recipient_phone: string }>(
    "select id, recipient_name, recipient_phone from orders where link_token_hash = $1",
    [hash],
  );
  if (order) {
    return {
      kind: "recipient",
      orderId: order.id,
      user: {
        email: "",
        first_name: order.recipient_name,
        last_name: "",
        member_code: "",
        phone: order.recipient_phone,
        language: "id",
      },
    };
  }
  return null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, db: Queryable): void {
  const cache = new WeakMap<FastifyRequest, Promise<Principal | null>>();
  app.decorateRequest("principal", function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token ? findPrincipal(db, token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
}

export const missingTokenMessage =
  "Please sign in: this call needs your member token (Authorization: Bearer <token>).";
export const invalidTokenMessage =
  "Your session is not valid any more. Please open this page again from the app.";

/** The caller, or 401: without a token, or with one nobody holds. */
export async function requirePrincipal(request: FastifyRequest): Promise<Principal> {
  if (!bearerToken(request)) throw unauthorized(missingTokenMessage);
  const principal = await request.principal();
  if (!principal) throw unauthorized(invalidTokenMessage);
  return principal;
}

/** Object-level authorisation: the member who owns the order, or the holder of its link. */
export function assertOrderAccess(
  principal: Principal,
  order: { id: number; memberId: number | null },
): void {
  const allowed =
    principal.kind === "member" ? order.memberId === principal.memberId : principal.orderId === order.id;
  if (!allowed) throw forbidden("This order belongs to another account.");
}
