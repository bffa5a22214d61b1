import { describe, expect, it } from "vitest";
import { handle as debug } from "../../routes/debug";
import { handle as guestBook } from "../../routes/guest-book";
import { handle as home } from "../../routes/home";
import { handle as notFound } from "../../routes/not-found";
import { handle as order } from "../../routes/order";
import { handle as orderStatusAction } from "../../routes/order-status-action";
import { handle as orderStatus } from "../../routes/order-status-page";
import { handle as overdueExpire } from "../../routes/overdue-expire";
import { handle as overdue } from "../../routes/overdue-payment";
import { handle as overdueSuccess } from "../../routes/overdue-success";
import { handle as overdueSuccessPayment } from "../../routes/overdue-success-payment";
import { handle as packageForm } from "../../routes/package";
import { handle as services } from "../../routes/services";
import { handle as shortLink } from "../../routes/short-link";
import { type RouteHandle, selectLayout } from "./layout-handle";

const root = { handle: undefined };
const none = new URLSearchParams();

function layoutOf(...handles: (RouteHandle | undefined)[]) {
  return selectLayout([root, ...handles.map((handle) => ({ handle }))], none);
}

describe("selectLayout", () => {
  it("gives marketing routes the public header and footer", () => {
    // The header and footer come with the route's handle (not the shell), the same pair everywhere.
    const { chrome } = layoutOf(home);
    expect(chrome?.Header).toBeTypeOf("function");
    expect(chrome?.Footer).toBeTypeOf("function");
    for (const handle of [home, services, packageForm, shortLink]) {
      expect(layoutOf(handle).layout).toBe("public");
      expect(layoutOf(handle).chrome).toBe(chrome);
    }
    expect(layoutOf(guestBook, undefined).layout).toBe("public");
  });

  it("gives overdue, order, order-status and debug the back-navigation header", () => {
    expect(layoutOf(overdue)).toEqual({ layout: "webview", titleKey: "header.overdueFee" });
    expect(layoutOf(order)).toEqual({ layout: "webview", titleKey: "header.orderDetail" });
    expect(layoutOf(undefined, orderStatus)).toEqual({ layout: "webview", titleKey: undefined });
    expect(layoutOf(debug)).toEqual({ layout: "webview", titleKey: undefined });
  });

  it("titles the rent-status overdue view 'Overdue fee'", () => {
    const search = new URLSearchParams("orderid=1&status=overdue");
    expect(selectLayout([root, { handle: orderStatus }], search).titleKey).toBe("header.overdueFee");
  });

  it("shows no header and no footer on the overdue results and the order-status action page", () => {
    for (const handle of [overdueSuccess, overdueExpire, overdueSuccessPayment]) {
      expect(layoutOf(undefined, handle).layout).toBe("bare");
    }
    expect(layoutOf(undefined, orderStatusAction).layout).toBe("bare");
    expect(layoutOf(notFound).layout).toBe("none");
  });

  it("lets the deepest declaring route win, public by default", () => {
    expect(layoutOf(guestBook, overdueSuccess).layout).toBe("bare");
    expect(layoutOf().layout).toBe("public");
    expect(selectLayout([{ handle: { other: 1 } }], none).layout).toBe("public");
  });
});
