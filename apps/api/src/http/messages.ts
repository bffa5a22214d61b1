import { defaultLanguage, type Language, type MessageKey } from "@paxelbox/contract";

/**
 * Every message the API sends to a person, in Indonesian (the product's default, in the informal
 * register of the spec: "saldomu", "kamu") and English. Keys are listed in the contract
 * (`messageKeys`); `{name}` placeholders are filled from the error's parameters. A key missing here,
 * or one the contract does not list, fails type-checking; `test/messages.test.ts` checks that both
 * languages are written and use the same placeholders.
 */
export const messages = {
  tokenMissing: {
    id: "Silakan buka halaman ini dari aplikasi atau dari tautan yang kamu terima.",
    en: "Please open this page from the app or from the link you were sent.",
  },
  tokenInvalid: {
    id: "Sesi kamu sudah tidak berlaku. Silakan buka halaman ini lagi dari aplikasi.",
    en: "Your session is not valid any more. Please open this page again from the app.",
  },
  linkExpired: {
    id: "Link ini sudah kadaluwarsa.",
    en: "This link has expired.",
  },
  tooManyRequests: {
    id: "Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.",
    en: "Too many requests. Please wait a moment and try again.",
  },

  orderNotFound: {
    id: "Order {id} tidak ditemukan.",
    en: "Order {id} was not found.",
  },
  rentNotFound: {
    id: "Sewa {id} tidak ditemukan.",
    en: "Rent {id} was not found.",
  },
  doorOpensOnlyWithItemsInside: {
    id: "Pintu hanya bisa dibuka selama barangmu ada di dalam loker.",
    en: "The door can be opened only while your items are inside the locker.",
  },
  rentTimeOver: {
    id: "Waktu sewamu sudah habis. Silakan bayar biaya perpanjang sewa atau akhiri sewa.",
    en: "Your rent time is over. Please pay the overdue fee or stop the rent.",
  },
  rentHasNoItems: {
    id: "Tidak ada barang di loker untuk sewa ini.",
    en: "This rent has no items in the locker.",
  },
  payOverdueBeforeTaking: {
    id: "Silakan bayar biaya perpanjang sewa sebelum mengambil barangmu.",
    en: "Please pay the overdue fee before taking your items.",
  },
  rentNotCancellable: {
    id: "Sewa ini tidak bisa dibatalkan lagi: barang sudah disimpan atau sewa sudah berakhir.",
    en: "This rent can no longer be cancelled: items have been stored or the rent has ended.",
  },

  dropoffNotFound: {
    id: "Order drop-off {id} tidak ditemukan.",
    en: "Drop-off order {id} was not found.",
  },
  dropoffNothingToPay: {
    id: "Tidak ada biaya perpanjang sewa yang perlu dibayar untuk paket ini.",
    en: "This parcel has no overdue fee to pay.",
  },
  dropoffInvoiceChanged: {
    id: "Nomor invoice biaya ini sudah berubah. Muat ulang halaman lalu coba lagi.",
    en: "The invoice number of this fee has changed. Reload the page and try again.",
  },
  lockerNotFound: {
    id: "Loker {id} tidak ditemukan.",
    en: "Locker {id} was not found.",
  },
  noLockerAvailable: {
    id: "Tidak ada loker tersedia",
    en: "No locker available",
  },
  barcodeNotFound: {
    id: "Barcode ini tidak ada.",
    en: "This barcode does not exist.",
  },
  photoNotImage: {
    id: "Foto paket harus berupa file gambar",
    en: "Package Photo must be an image file",
  },
  photoTooLarge: {
    id: "Foto paket terlalu besar (maksimal 2 MB).",
    en: "Package Photo is too large (at most 2 MB).",
  },

  shortLinkNotFound: {
    id: "Permintaan kamu tidak dapat ditemukan. Silakan periksa alamat shortener kamu",
    en: "Your request could not be found. Please check your shortener address",
  },
  pictureNotFound: {
    id: "Tidak ada gambar bernama {kind}/{name}.",
    en: "No picture named {kind}/{name}.",
  },
  captchaFailed: {
    id: "Pemeriksaan captcha gagal. Silakan coba lagi.",
    en: "The captcha check failed. Please try again.",
  },

  paymentAccessTokenInvalid: {
    id: "Token akses pembayaran sudah tidak berlaku. Silakan coba lagi.",
    en: "The payment access token is not valid any more. Please try again.",
  },
  orderInfoMissing: {
    id: "order_info harus berisi order yang dibayar.",
    en: "order_info must list the order to pay.",
  },
  paymentReferenceUnknown: {
    id: "Tidak ada pembayaran dengan referensi ini.",
    en: "No payment has this reference.",
  },
  notificationSignatureInvalid: {
    id: "Tanda tangan notifikasi tidak valid.",
    en: "The notification signature is not valid.",
  },
  notificationRefused: {
    id: "Notifikasi ditolak: {reason}.",
    en: "The notification is refused: {reason}.",
  },
  notifiedAmountMismatch: {
    id: "Jumlah dalam notifikasi tidak sesuai dengan pembayaran.",
    en: "The notified amount does not match the payment.",
  },
  returnUrlInvalid: {
    id: "URL kembali harus berupa URL http(s) lengkap dari situs ini.",
    en: "Return URLs must be absolute http(s) URLs of this site.",
  },
  returnUrlOffSite: {
    id: "URL kembali harus mengarah ke situs ini.",
    en: "Return URLs must point at this site.",
  },
  paymentServiceUnreachable: {
    id: "Layanan pembayaran tidak dapat dihubungi. Silakan coba lagi.",
    en: "The payment service cannot be reached. Please try again.",
  },
  paymentUnavailable: {
    id: "Pembayaran ini belum tersedia. Silakan hubungi layanan pelanggan.",
    en: "This payment is not available yet. Please contact customer service.",
  },
  paymentNotPrepared: {
    id: "Pembayaran belum dapat disiapkan. Silakan coba lagi.",
    en: "The payment could not be prepared. Please try again.",
  },
  noOverdueFee: {
    id: "Tidak ada biaya perpanjang sewa yang perlu dibayar.",
    en: "There is no overdue fee to pay.",
  },
  overdueFeeAlreadyPaid: {
    id: "Biaya perpanjang sewa ini sudah dibayar.",
    en: "This overdue fee has already been paid.",
  },
  checkoutNotFound: {
    id: "Checkout ini tidak ada.",
    en: "This checkout does not exist.",
  },
  webhookVerifyTokenWrong: {
    id: "Token verifikasi webhook tidak cocok.",
    en: "The webhook verify token does not match.",
  },

  idempotencyKeyInvalid: {
    id: "Idempotency-Key harus berisi 1 sampai 255 karakter ASCII yang terlihat.",
    en: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  },
  idempotencyKeyReused: {
    id: "Idempotency-Key ini sudah dipakai untuk permintaan lain.",
    en: "This Idempotency-Key was already used with another request.",
  },
  idempotencyKeyRunning: {
    id: "Permintaan dengan Idempotency-Key ini masih berjalan. Coba lagi sebentar lagi.",
    en: "A request with this Idempotency-Key is still running. Try again in a moment.",
  },
  requestRefusedBefore: {
    id: "Permintaan ini sudah ditolak sebelumnya.",
    en: "This request was refused before.",
  },

  codeUnknown: {
    id: "Kode tidak dikenal: QR ini tidak diterbitkan oleh jaringan loker ini.",
    en: "Unknown code: this QR was not issued by this locker network.",
  },
  codeUsed: {
    id: "Kode ini sudah dipakai.",
    en: "This code has already been used.",
  },
  codeReplaced: {
    id: "QR ini sudah diganti saat biaya perpanjang sewa dibayar. Buka halaman paketmu untuk QR pengambilan yang baru.",
    en: "This QR code was replaced when the overdue fee was paid. Open your parcel's page for the new pick-up QR code.",
  },
  codeExpired: {
    id: "Kode ini sudah kadaluwarsa.",
    en: "This code has expired.",
  },
  codeOfAnotherLocker: {
    id: "Kode ini milik loker lain.",
    en: "This code belongs to another locker.",
  },
  codeOfAnotherNamedLocker: {
    id: "Kode ini milik loker lain ({box}).",
    en: "This code belongs to another locker ({box}).",
  },
  rentNotWaitingForItems: {
    id: "Sewa ini tidak sedang menunggu barang (status {status}).",
    en: "This rent is not waiting for items (status {status}).",
  },
  doorOpensOnlyWhileInside: {
    id: "Pintu hanya terbuka selama barang ada di dalam.",
    en: "The door opens only while the items are inside.",
  },
  nothingToTakeOut: {
    id: "Tidak ada yang bisa diambil: status order {status}.",
    en: "Nothing to take out: the order is {status}.",
  },
  rentOverduePayInApp: {
    id: "Sewa sudah lewat waktu: bayar biaya perpanjang sewa di aplikasi sebelum mengambil barang.",
    en: "The rent is overdue: pay the overdue fee in the app before taking the items.",
  },
  pickupTimeEnded: {
    id: "Waktu pengambilan paket ini sudah berakhir. Silakan hubungi Customer Service kami.",
    en: "The pick-up time of this parcel has ended. Please contact support.",
  },
  parcelOverdue: {
    id: "Paket sudah lewat waktu: bayar biaya perpanjang sewa sebelum mengambilnya.",
    en: "The parcel is overdue: pay the overdue fee before picking it up.",
  },
  codeNotForLocker: {
    id: "Kode ini tidak bisa dipakai di loker.",
    en: "This code cannot be used at a locker.",
  },
  noFreeDoor: {
    id: "Tidak ada pintu {size} yang kosong di loker ini.",
    en: "No free {size} door is left at this locker.",
  },

  demoNotSeeded: {
    id: "Member demo tidak ada; database belum diisi.",
    en: "Demo members are missing; the database was not seeded.",
  },
  demoNoFreeDoor: {
    id: "Tidak ada pintu {size} yang kosong untuk demo; mulai ulang dengan DATA_DIR yang baru.",
    en: "No free {size} door is left for the demo; restart with a fresh DATA_DIR.",
  },

  invalidInput: {
    id: "Data tidak valid ({where}): {details}",
    en: "Invalid {where}: {details}",
  },
  invalidJson: {
    id: "Isi permintaan bukan JSON yang valid.",
    en: "The request body is not valid JSON.",
  },
  nulCharacters: {
    id: "Teks tidak boleh berisi karakter NUL.",
    en: "Text may not contain NUL characters.",
  },
  bodyTooLarge: {
    id: "Isi permintaan terlalu besar.",
    en: "The request body is too large.",
  },
  contentTypeNotAccepted: {
    id: "Jenis konten ini tidak diterima di sini.",
    en: "This content type is not accepted here.",
  },
  contentLengthMismatch: {
    id: "Panjang konten permintaan tidak sesuai dengan isinya.",
    en: "The request's content length does not match its body.",
  },
  formDataUnreadable: {
    id: "Data formulir tidak dapat dibaca.",
    en: "The form data could not be read.",
  },
  requestNotProcessed: {
    id: "Permintaan tidak dapat diproses.",
    en: "The request could not be processed.",
  },
  addressInvalid: {
    id: "Alamat ini tidak valid.",
    en: "This address is not valid.",
  },
  routeNotFound: {
    id: "Rute API ini tidak ada: {method} {path}",
    en: "No such API route: {method} {path}",
  },
  methodNotAllowed: {
    id: "{path} tidak menerima {method}; metode yang diterima: {allow}.",
    en: "{path} does not take {method}; it takes {allow}.",
  },
  eventStreamNotAccepted: {
    id: "Panggilan ini hanya menjawab dengan text/event-stream: kirim Accept: text/event-stream.",
    en: "This call answers only with text/event-stream: send Accept: text/event-stream.",
  },
  notImplemented: {
    id: "Belum tersedia.",
    en: "Not available yet.",
  },

  serverFault: {
    id: "Terjadi kesalahan di sistem kami. Silakan coba lagi sebentar lagi.",
    en: "Something went wrong on our side. Please try again in a moment.",
  },
  databaseUnavailable: {
    id: "Database tidak menjawab.",
    en: "The database does not answer.",
  },
  migrationsPending: {
    id: "Database belum diperbarui ke versi ini.",
    en: "The database has not been migrated to this version yet.",
  },
  shuttingDown: {
    id: "Server ini sedang berhenti. Silakan coba lagi.",
    en: "This server is shutting down. Please try again.",
  },
  eventsUnavailable: {
    id: "Pembaruan langsung sedang tidak tersedia; status diperiksa setiap beberapa detik.",
    en: "Live updates are not available right now; the status is checked every few seconds.",
  },
} as const satisfies Record<MessageKey, Record<Language, string>>;

type Catalogue = typeof messages;

/** Names of the `{placeholders}` in a text. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The parameters a message needs, by its English text's placeholders. */
export type MessageParams<K extends MessageKey> = {
  [Name in Placeholders<Catalogue[K]["en"]>]: string | number;
};

/** `[params]` for a message with placeholders, `[]` for one without. */
export type ParamsArg<K extends MessageKey> = [Placeholders<Catalogue[K]["en"]>] extends [never]
  ? []
  : [params: MessageParams<K>];

export type AnyParams = Readonly<Record<string, string | number>>;

/** The text of a message in a language, its placeholders filled. */
export function renderMessage(key: MessageKey, params: AnyParams | undefined, language: Language): string {
  const template: string = messages[key][language];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The language an `Accept-Language` header prefers among the product's (`id`, with the legacy `in`,
 * and `en`), by quality and then order; Indonesian when it names neither.
 */
export function acceptedLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  let best: { language: Language; quality: number } | null = null;
  for (const part of value.split(",").slice(0, 20)) {
    const [range = "", ...parameters] = part.trim().split(";");
    const primary = range.trim().toLowerCase().split("-")[0];
    const language: Language | null =
      primary === "id" || primary === "in" ? "id" : primary === "en" ? "en" : null;
    if (!language) continue;
    const q = parameters.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    if (!(quality > 0)) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language ?? defaultLanguage;
}
