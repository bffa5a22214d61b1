import { queryOptions } from "@tanstack/react-query";
import { type OrderId, orderPollMs, orderQueryOptions } from "../../../domain/order/order-query";
import { serverTimedApi } from "../../../lib/http/server-clock";

/**
 * The rent's order: fresh for just under one poll, so a screen opened between polls asks again.
 * Its answers read the server's clock (`serverTimedApi`): the screens count down to its deadline.
 * (The followed order, `useRentOrder`, is beside it: the action screen asks once and follows nothing.)
 */
export const rentOrderQueryOptions = (orderId: OrderId, token: string | null) =>
  queryOptions({ ...orderQueryOptions(orderId, token, serverTimedApi), staleTime: orderPollMs - 1000 });
