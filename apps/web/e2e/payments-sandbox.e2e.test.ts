import { baseUrl, type ViewportName } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { api } from "./support/journeys.ts";

/**
 * The payment-gateway sandbox, walked in Chromium with each of its three buttons. The rent's
 * deadline moves only after Pay, exactly once; Fail and Cancel change nothing.
 */

const budi = "demo-token-budi";

interface Order {
  expressNumber: string;
  overdueTime: number;
}

async function createPayment(orderid: string): Promise<string> {
  const token = await fetch(`${baseUrl}/api/auth/token/generate`, {
    headers: { authorization: `Bearer ${budi}` },
  });
  const { data } = (await token.json()) as { data: { access_token: string } };
  const back = `${baseUrl}/order-status?orderid=${orderid}&token=${budi}&status=overdue`;
  const response = await fetch(`${baseUrl}/api/v1/order/locker?access_token=${data.access_token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      order_info: {
        name: "Budi Santoso",
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
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { payment_url: string } }).data.payment_url;
}

const outcomes = { Pay: "SUCCESS", Fail: "FAILED", Cancel: "CANCELLED" } as const;

describe("payment-gateway sandbox", () => {
  for (const viewport of ["mobile", "desktop"] as ViewportName[]) {
    for (const button of ["Pay", "Fail", "Cancel"] as const) {
      test(`${button} returns with payment_status ${outcomes[button]} (${viewport})`, async ({
        open,
        scenario,
      }) => {
        const demo = await scenario("rent-in-store-overdue");
        const orderid = demo.params.get("orderid")!;
        const before = await api<Order>(`/api/v1/box/express/info/${orderid}/paid`, budi);
        const calculation = await api<{ next_overdue_time: number; total_overdue_fee: number }>(
          `/api/v1/box/rental/overdue-calculation/${orderid}`,
          budi,
        );
        const paymentUrl = await createPayment(orderid);

        const { page, errors } = await open({ viewport });
        await page.goto(paymentUrl);
        const main = page.locator("main");
        await expect(main).toContainText(before.data.expressNumber);
        await expect(main).toContainText("Rp. 15.000");
        await expect(main).toContainText("PaxelBox");

        await page.getByRole("button", { name: button, exact: true }).click();
        await expect(page).toHaveURL(
          (url) =>
            url.pathname === "/order-status" &&
            url.searchParams.get("payment_status") === outcomes[button] &&
            url.searchParams.get("overdue") === "true" &&
            url.searchParams.get("orderid") === orderid,
        );

        const after = await api<Order>(`/api/v1/box/express/info/${orderid}/paid`, budi);
        if (button === "Pay") {
          expect(after.data.overdueTime).toBe(calculation.data.next_overdue_time);
          // Paying again from the finished checkout charges nothing and extends nothing.
          await page.goto(paymentUrl);
          await expect(main).toContainText("SUCCESS");
          const again = await api<Order>(`/api/v1/box/express/info/${orderid}/paid`, budi);
          expect(again.data.overdueTime).toBe(calculation.data.next_overdue_time);
        } else {
          expect(after.data.overdueTime).toBe(before.data.overdueTime);
        }
        expect(errors).toEqual([]);
      });
    }
  }
});
