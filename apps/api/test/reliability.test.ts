import { describe, expect, it } from "vitest";
import { kill, useApiProcess } from "./api-process.ts";

/**
 * Kill the API with SIGKILL in the middle of a journey — after a payment is created, before its
 * notification — and start it again on the same data: nothing is lost or doubled, and the journey
 * completes.
 */

const budi = { authorization: "Bearer demo-token-budi" };
const api = useApiProcess();

async function json<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

describe("SIGKILL between payment and notification", () => {
  it("loses nothing and doubles nothing", { timeout: 150_000 }, async () => {
    const origin = api.origin();
    const first = await api.start();
    const scenario = await json<{ url: string }>(
      await fetch(`${origin}/api/demo/scenarios/rent-in-store-overdue`, { method: "POST" }),
    );
    const orderid = new URL(scenario.url, origin).searchParams.get("orderid");
    const calculation = await json<{ next_overdue_time: number }>(
      await fetch(`${origin}/api/v1/box/rental/overdue-calculation/${orderid}`, { headers: budi }),
    );
    const token = await json<{ access_token: string }>(
      await fetch(`${origin}/api/auth/token/generate`, { headers: budi }),
    );
    const back = `${origin}/order-status?orderid=${orderid}`;
    const body = JSON.stringify({
      order_info: {
        name: "Budi",
        box_name: "Locker",
        phone_number: "081234567801",
        cancel_url: back,
        success_url: back,
        failed_url: back,
        payment_type: "extention",
        localization: "indonesia",
        box_id: 1,
        door_number: "1",
        order_id: Number(orderid),
        price: 1,
        size: "M",
        loker_order_type: "rental",
        duration: 1,
        currency: "Rp",
        client: "userapp_locker",
      },
    });
    const create = () =>
      fetch(`${origin}/api/v1/order/locker?access_token=${token.access_token}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const { payment_url } = await json<{ payment_url: string }>(await create());

    await kill(first);
    await api.start();

    // The retry after the crash finds the same payment, and the checkout still works.
    const again = await json<{ payment_url: string }>(await create());
    expect(again.payment_url).toBe(payment_url);
    const paid = await fetch(`${payment_url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await fetch(`${payment_url}/pay`, { method: "POST", redirect: "manual" });

    const order = await json<{ overdueTime: number }>(
      await fetch(`${origin}/api/v1/box/express/info/${orderid}/paid`, { headers: budi }),
    );
    expect(order.overdueTime).toBe(calculation.next_overdue_time);
    const after = await json<{ total_overdue_fee: number }>(
      await fetch(`${origin}/api/v1/box/rental/overdue-calculation/${orderid}`, { headers: budi }),
    );
    expect(after.total_overdue_fee).toBe(0);
  });
});
