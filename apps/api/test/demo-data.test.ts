import { calls, type Order, scenarioIds } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { call, ok, scenario, useApp } from "./helpers.ts";

/**
 * The demo data tells one consistent story: a rent is due `rentTime` after it was stored, a
 * drop-off is free for DROPOFF_FREE_DAYS after it was stored and its link lives DROPOFF_LINK_DAYS,
 * times follow each other, and every fee is its unit price times its duration.
 */
const app = useApp({ DROPOFF_FREE_DAYS: "3", DROPOFF_LINK_DAYS: "10" });
const hour = 3_600_000;
const day = 24 * hour;

async function rentOf(id: string, token: string): Promise<Order> {
  const params = await scenario(app(), id);
  return ok(
    calls.orderDetail,
    await call(app(), calls.orderDetail, { params: { orderid: Number(params.get("orderid")) }, token }),
  );
}

describe("demo scenarios agree with themselves", () => {
  const rents = scenarioIds.filter((id) => id.startsWith("rent-"));
  const dropoffs = scenarioIds.filter((id) => id.startsWith("dropoff-") || id === "landing-with-orderid");

  it.each(rents)("%s: overdueTime = storeTime + rentTime, in order, fees = unit × duration", async (id) => {
    const order = await rentOf(id, "demo-token-budi");
    const logTimes = order.logs.map((log) => log.createdAt);
    expect([...logTimes].sort((a, b) => a - b)).toEqual(logTimes);
    expect(order.createTime).toBeLessThanOrEqual(logTimes[0] ?? order.createTime);
    if (order.storeTime !== null) {
      expect(order.rentTimeUnit).toBe("hour");
      expect(order.overdueTime).toBe(order.storeTime + order.rentTime * hour);
      expect(order.storeTime).toBeGreaterThan(order.createTime);
      expect(order.logs.find((log) => log.status === "IN_STORE")?.createdAt).toBe(order.storeTime);
      if (order.takeTime !== null) expect(order.takeTime).toBeGreaterThan(order.storeTime);
    }
    if (order.status === "IN_STORE") {
      const calculation = ok(
        calls.overdueCalculation,
        await call(app(), calls.overdueCalculation, {
          params: { orderid: order.id },
          token: "demo-token-budi",
        }),
      );
      expect(calculation.total_overdue_fee).toBe(
        calculation.overdue_fee_per_unit * calculation.increase_duration,
      );
      if (id === "rent-in-store-overdue") {
        // Elapsed whole hours plus one (spec §5): 2.5 hours past the deadline → 3 hours.
        expect(calculation.increase_duration).toBe(3);
        expect(calculation.next_overdue_time).toBe((order.overdueTime ?? 0) + 3 * hour);
      }
    }
  });

  it.each(dropoffs)("%s: free days and link days from the policy, fee = unit × days", async (id) => {
    const params = await scenario(app(), id);
    const orderid = Number(params.get("orderid"));
    const token = params.get("token") ?? "";
    const detail = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    );
    const [row] = await app().db.query<{
      store_time: Date;
      deadline: Date;
      link_expires_at: Date;
      created_at: Date;
    }>("select store_time, deadline, link_expires_at, created_at from orders where id = $1", [orderid]);
    expect(row!.deadline.getTime() - row!.store_time.getTime()).toBe(3 * day);
    expect(row!.link_expires_at.getTime() - row!.store_time.getTime()).toBe(10 * day);
    expect(row!.created_at.getTime()).toBeLessThan(row!.store_time.getTime());
    if ("overdueTotalPrice" in detail) {
      expect(detail.overdueTotalPrice).toBe(detail.overdueBasePrice * detail.overdueDays);
      expect(detail.overdueTime).toBe(row!.deadline.getTime());
    }
    const expected: Record<string, string> = {
      "dropoff-in-store": "none",
      "dropoff-overdue-need-to-pay": "need_to_pay",
      "landing-with-orderid": "need_to_pay",
      "dropoff-overdue-taken": "none",
      "dropoff-overdue-expired": "expired",
    };
    expect(detail.overdueStatus).toBe(expected[id]);
  });
});
