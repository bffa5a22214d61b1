import { ImageBytes } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { BarcodeParams } from "../entities/demo.ts";

/** Drop-off: the package form and the overdue fee of a drop-off. */
export const barcodeImage = defineCall({
  id: "barcodeImage",
  method: "GET",
  path: "/ebox/api/v1/barcode/{product}/{barcodeId}",
  summary: "QR image of a pick-up barcode (PNG)",
  tag: "drop-off",
  auth: "none",
  params: BarcodeParams,
  response: ImageBytes,
  responseType: "image",
});
