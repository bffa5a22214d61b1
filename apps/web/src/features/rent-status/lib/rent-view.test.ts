import { describe, expect, it } from "vitest";
import {
  isOverdue,
  isStopSuccess,
  keepsPolling,
  readRentQuery,
  selectRentView,
  toHrefQuery,
} from "./rent-view";

const query = (text: string) => readRentQuery(new URLSearchParams(text));

describe("readRentQuery", () => {
  it("reads every parameter of spec §2 and drops unknown values", () => {
    expect(
      query(
        "orderid=12&token=t&status=stop&act=stop_count&qrdisplay=overdue&overdue=true&payment_status=FAILED",
      ),
    ).toEqual({
      orderid: "12",
      token: "t",
      status: "stop",
      act: "stop_count",
      qrdisplay: "overdue",
      overdue: "true",
      paymentStatus: "FAILED",
    });
    // The API's return of a charge it gave back.
    expect(query("orderid=12&payment_status=REFUNDED&overdue=true").paymentStatus).toBe("REFUNDED");
    expect(query("orderid=%20&status=weird&act=boom&payment_status=OK")).toEqual({
      orderid: null,
      token: null,
      status: null,
      act: null,
      qrdisplay: null,
      overdue: null,
      paymentStatus: null,
    });
    // An id no order can have is no order: the page says so instead of asking the API about it.
    for (const orderid of ["abc", "12abc", "-3", "0", "1.5", "99999999999", "0x10", "1e3"]) {
      expect(query(`orderid=${orderid}&token=t`).orderid, orderid).toBeNull();
    }
    expect(query("orderid=%2012%20").orderid).toBe("12");
  });

  it("round-trips into the href query", () => {
    expect(toHrefQuery(query("orderid=1&token=t&act=stop_count&status=stop&qrdisplay=data"))).toEqual({
      orderid: "1",
      token: "t",
      status: "stop",
      act: "stop_count",
      qrdisplay: "data",
      overdue: undefined,
      payment_status: undefined,
    });
  });
});

describe("selectRentView", () => {
  it("picks one of the five views", () => {
    expect(selectRentView("IMPORTED", { status: null })).toBe("to-store");
    expect(selectRentView("IMPORTED", { status: "overdue" })).toBe("to-store");
    expect(selectRentView("IN_STORE", { status: null })).toBe("in-store");
    expect(selectRentView("IN_STORE", { status: "overdue" })).toBe("overdue");
    expect(selectRentView("IN_STORE", { status: "stop" })).toBe("stop");
    for (const status of [
      "CUSTOMER_TAKEN",
      "CANCEL",
      "TAKEN_BY_SYSTEM",
      "OPERATOR_PICK",
      "OPERATOR_TAKEN",
      "X",
    ]) {
      expect(selectRentView(status, { status: "stop" })).toBe("other");
    }
  });

  it("goes to stop success only for CUSTOMER_TAKEN with status=stop and act=stop_count", () => {
    expect(isStopSuccess("CUSTOMER_TAKEN", { status: "stop", act: "stop_count" })).toBe(true);
    expect(isStopSuccess("CUSTOMER_TAKEN", { status: "stop", act: null })).toBe(false);
    expect(isStopSuccess("CUSTOMER_TAKEN", { status: null, act: "stop_count" })).toBe(false);
    expect(isStopSuccess("IN_STORE", { status: "stop", act: "stop_count" })).toBe(false);
  });

  it("stops polling on CANCEL only", () => {
    expect(keepsPolling("CANCEL")).toBe(false);
    expect(keepsPolling("CUSTOMER_TAKEN")).toBe(true);
    expect(keepsPolling(undefined)).toBe(true);
  });
});

describe("overdue rule (spec §4)", () => {
  it("is overdue past the deadline or with the expiry flag", () => {
    expect(isOverdue({ overdueTime: 1000, isExpired: false }, 999)).toBe(false);
    expect(isOverdue({ overdueTime: 1000, isExpired: false }, 1001)).toBe(true);
    expect(isOverdue({ overdueTime: 5000, isExpired: true }, 1)).toBe(true);
    expect(isOverdue({ overdueTime: null, isExpired: false }, 1)).toBe(false);
  });
});
