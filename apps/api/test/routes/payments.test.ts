import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, sari, scenario, useApp } from "../helpers.ts";

const app = useApp();

describe("payment calls (routes and checks in place, gateway pending)", () => {
  it("bank-interface payment checks body, auth and ownership before answering 501", async () => {
    const params = await scenario(app(), "rent-in-store-overdue");
    const orderid = Number(params.get("orderid"));
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const body = {
      additionalInfo: {
        customerDetails: { firstName: "Budi", phone: "081234567801" },
        items: [
          {
            brand: "PaxelBox",
            category: "locker",
            id: String(orderid),
            name: "Overdue",
            price: { currency: "IDR", value: "15000.00" },
            quantity: 1,
          },
        ],
        language: "id",
        payOptionDetails: [],
      },
      isOverdue: true,
      overdueDuration: 3,
      partnerReferenceNo: order.expressNumber,
      urlParam: [
        { url: "http://localhost:3000/order-status?orderid=1", type: "PAY_RETURN", isDeeplink: "N" },
      ],
    };
    failure(await call(app(), calls.bankInterfacePayment, { body }), 401);
    failure(await call(app(), calls.bankInterfacePayment, { body, token: sari }), 403);
    failure(
      await call(app(), calls.bankInterfacePayment, { body: { ...body, isOverdue: false }, token: budi }),
      400,
    );
    expect(failure(await call(app(), calls.bankInterfacePayment, { body, token: budi }), 501)).toBe(
      "not implemented yet",
    );
  });

  it("payment token needs a member; the others validate then answer 501", async () => {
    failure(await call(app(), calls.paymentToken), 401);
    failure(await call(app(), calls.paymentToken, { token: budi }), 501);
    failure(await call(app(), calls.lockerOrderPayment, { query: { access_token: "t" }, body: {} }), 400);
    failure(await call(app(), calls.createDropoffPayment, { body: {} }), 400);
    failure(await call(app(), calls.snapDropoffPayment, { body: {} }), 401);
    failure(await call(app(), calls.snapDropoffPayment, { body: {}, token: budi }), 400);
  });
});
