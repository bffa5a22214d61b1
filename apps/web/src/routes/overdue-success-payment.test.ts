import type { CallDef } from "@paxelbox/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testMember } from "../../test/test-member";
import { testOverdueDetail } from "../../test/test-order";
import { requestContexts } from "../config/config.server";
import { parseWebEnv } from "../config/env";
import type { Route } from "./+types/overdue-success-payment";
import { loader } from "./overdue-success-payment";

/** What the API answers, by call id, and which calls were made. */
const api = vi.hoisted(() => ({
  answers: {} as Record<string, (options: Record<string, unknown>) => unknown>,
  asked: [] as string[],
}));

vi.mock("../lib/http/api-client.server", () => {
  const answer = async (call: CallDef, options: Record<string, unknown>) => {
    api.asked.push(call.id);
    const reply = api.answers[call.id];
    if (!reply) throw new Error(`unexpected call ${call.id}`);
    return reply(options);
  };
  return { serverApiClient: () => ({ request: answer, requestImage: answer }) };
});

const detail = (changes: Record<string, unknown> = {}) => testOverdueDetail(changes);

/** Opens the page as the gateway's return does: with the link's token, in the language given. */
async function open(query = "orderid=9&token=link&payment_status=SUCCESS&overdue=true") {
  const request = new Request(`https://box.example/overduepayment/success-payment?${query}`);
  const context = requestContexts(parseWebEnv({}))();
  try {
    return { page: await loader({ request, context } as unknown as Route.LoaderArgs) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("location") };
    throw thrown;
  }
}

const cached = (page: unknown, key: string) =>
  (
    page as { dehydratedState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
  ).dehydratedState.queries.find((query) => query.queryKey[0] === key)?.state.data;

beforeEach(() => {
  api.asked = [];
  api.answers = {
    validateUser: () => testMember({ member_code: "", language: "id" }),
    settings: () => ({ paxelbox_content: [], enabled_userapp_feature: [] }),
    overdueDropoffDetail: () => detail(),
    barcodeImage: () => new Blob(["qr"], { type: "image/png" }),
    checkPayment: () => ({
      status: "PENDING",
      purpose: "dropoff-overdue",
      amount: 15000,
      createdAt: 1,
      paidAt: null,
    }),
  };
});

describe("paid fee's page, opened with a token", () => {
  it("arrives with the detail and its pick-up QR drawn, asking nothing of the payment", async () => {
    const { page } = await open();
    expect(cached(page, "overdueDropoffDetail")).toMatchObject({ id: 9, barcode: { id: "PXB-P-1" } });
    expect(cached(page, "barcodeImage")).toBe("data:image/png;base64,cXI=");
    expect(api.asked).not.toContain("checkPayment");
  });

  it("while the payment is being credited, arrives with the detail (the page asks again)", async () => {
    api.answers.overdueDropoffDetail = () => detail({ barcode: null });
    const { page } = await open();
    expect(cached(page, "overdueDropoffDetail")).toMatchObject({ id: 9, barcode: null });
    expect(api.asked).toContain("checkPayment");
    expect(api.asked).not.toContain("barcodeImage");
  });

  it("goes back to the overdue page with the spec's warning for a payment the gateway did not settle", async () => {
    api.answers.overdueDropoffDetail = () => detail({ barcode: null });
    for (const [status, warning] of [
      ["FAILED", "failed"],
      ["CANCELLED", "cancel"],
      ["EXPIRED", "cancel"],
    ]) {
      api.answers.checkPayment = () => ({
        status,
        purpose: "dropoff-overdue",
        amount: 15000,
        createdAt: 1,
        paidAt: null,
      });
      expect((await open()).redirect).toBe(`/overduepayment?orderid=9&token=link&status=${warning}`);
    }
  });

  it("follows the detail to the taken parcel's page and the expired link's, in the page's language", async () => {
    api.answers.overdueDropoffDetail = () => detail({ status: "CUSTOMER_TAKEN" });
    expect((await open()).redirect).toBe("/overduepayment/success");
    api.answers.overdueDropoffDetail = () => detail({ overdueStatus: "expired" });
    expect((await open()).redirect).toBe("/overduepayment/expire");
    // Neither page has a token to learn the language from: it goes along.
    api.answers.validateUser = () => testMember({ member_code: "", language: "en" });
    expect((await open("orderid=9&token=link&lang=en")).redirect).toBe("/overduepayment/expire?lang=en");
    api.answers.overdueDropoffDetail = () => detail({ status: "CUSTOMER_TAKEN" });
    expect((await open("orderid=9&token=link&lang=en")).redirect).toBe("/overduepayment/success?lang=en");
  });

  it("without a token is the skeleton the service worker keeps, asking the API nothing", async () => {
    expect((await open("")).page).toMatchObject({ dehydratedState: null });
    expect((await open("orderid=9")).page).toMatchObject({ dehydratedState: null });
    expect(api.asked).toEqual([]);
  });
});
