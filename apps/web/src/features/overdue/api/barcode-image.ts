import { calls } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, apiClient } from "../../../lib/http/api-client";
import { blobToDataUrl } from "../../../lib/http/data-url";

/** `{product}box` in lower case, as the barcode path wants it ("PaxelBox" → "paxelbox"). */
export function barcodeProduct(productName: string): string {
  return `${productName}box`.toLowerCase().replace(/[^a-z0-9-]+/g, "");
}

/** The one-time pick-up QR of a paid overdue, as a data URL, through `api` (a loader's on the server). */
export const getBarcodeImage = async (
  product: string,
  barcodeId: string,
  signal?: AbortSignal,
  api: Pick<ApiClient, "requestImage"> = apiClient,
) => blobToDataUrl(await api.requestImage(calls.barcodeImage, { params: { product, barcodeId }, signal }));

export const barcodeImageQueryOptions = (
  product: string,
  barcodeId: string,
  api: Pick<ApiClient, "requestImage"> = apiClient,
) =>
  queryOptions({
    queryKey: ["barcodeImage", product, barcodeId],
    queryFn: ({ signal }) => getBarcodeImage(product, barcodeId, signal, api),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const useBarcodeImage = (product: string, barcodeId: string | null) =>
  useQuery({ ...barcodeImageQueryOptions(product, barcodeId ?? ""), enabled: barcodeId !== null });
