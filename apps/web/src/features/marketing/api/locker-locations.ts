import { calls } from "@paxelbox/contract";
import { request } from "../../../lib/http/api-client";
import type { LockerPage } from "../types";

/**
 * Locker finder searches from the browser. Imported on demand (`import()`), the first time a
 * visitor searches, so the api client and the contract's schemas stay out of the landing bundle.
 */

export interface LockerSearch {
  /** Name, area, city, address or code. */
  q?: string;
  lat?: number;
  lng?: number;
  limit: number;
  offset: number;
}

export function searchLockerLocations(search: LockerSearch, signal?: AbortSignal): Promise<LockerPage> {
  return request(calls.lockerLocations, { query: search, signal });
}
