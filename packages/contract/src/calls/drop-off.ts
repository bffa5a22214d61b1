import { ImageBytes } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { BarcodeParams } from "../entities/demo.ts";
import {
  OverdueDropoffDetailResponse,
  OverdueDropoffParams,
  OverdueDropoffSubmitBody,
  OverdueDropoffSubmitResult,
  PackageData,
} from "../entities/drop-off.ts";

/** Drop-off: the package form and the overdue fee of a drop-off. */

export const overdueDropoffDetail = defineCall({
  id: "overdueDropoffDetail",
  method: "GET",
  path: "/api/v1/dropoff/overdue/{orderid}",
  summary: "Overdue state of a drop-off; the full detail only for the holder of its link token",
  tag: "drop-off",
  auth: "optional",
  params: OverdueDropoffParams,
  response: OverdueDropoffDetailResponse,
});

export const overdueDropoffSubmit = defineCall({
  id: "overdueDropoffSubmit",
  method: "POST",
  path: "/api/v1/dropoff/overdue/{orderid}/submit",
  summary: "Record the receiver's email and invoice before paying a drop-off overdue fee",
  tag: "drop-off",
  auth: "bearer",
  params: OverdueDropoffParams,
  body: OverdueDropoffSubmitBody,
  response: OverdueDropoffSubmitResult,
});

export const sendPackageData = defineCall({
  id: "sendPackageData",
  method: "POST",
  path: "/api/v1/dropoff/packages",
  summary: "Register a drop-off parcel; returns the QR image (PNG) that stores it at the locker",
  tag: "drop-off",
  auth: "none",
  body: PackageData,
  response: ImageBytes,
  responseType: "image",
});

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
