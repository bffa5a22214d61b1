import { queryOptions } from "@tanstack/react-query";
import { type OrderId, orderPollMs, orderQueryOptions } from "../../../domain/order/order-query";

/**
 * The rent's order: fresh for just under one poll, so a screen opened between polls asks again.
 * (The followed order, `useRentOrder`, is beside it: the action screen asks once and follows nothing.)
 */
export const rentOrderQueryOptions = (orderId: OrderId, token: string | null) =>
  queryOptions({ ...orderQueryOptions(orderId, token), staleTime: orderPollMs - 1000 });
