import { describe, expect, it } from "vitest";
import { testOrder } from "../../../../test/test-order";
import { rentEventNames, rentEventParams } from "./rent-events";

describe("rent analytics events (spec §9)", () => {
  it("names the events with the product", () => {
    expect(rentEventNames("Paxel")).toMatchObject({
      pickUpItem: "Pickup_Item_PaxelBox",
      multiOpen: "Multi_Open_PaxelBox",
      stopRent: "Stop_Rent_PaxelBox",
      storePackage: "store_package_paxelbox",
      successStopRent: "Success_Stop_Rent_PaxelBox",
    });
  });

  it("carries locker code, address, size, duration, cost, order and door number and donations", () => {
    const params = rentEventParams(testOrder());
    expect(params).toMatchObject({
      locker_code: "3",
      address: "Jl. Jend. Sudirman No. 1, Jakarta",
      size: "M",
      rent_duration: "6 hour",
      cost: 15000,
      order_number: "PBR250101ABCDEF",
      door_number: "12",
      total_donation: 2000,
    });
    expect(JSON.parse(String(params.donation_list))).toEqual([
      { name: "Plant a tree", qty: 1, amount: 2000, sub_total: 2000 },
    ]);
  });
});
