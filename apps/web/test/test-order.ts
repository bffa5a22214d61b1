import type { Order, OverdueDropoffDetail } from "@paxelbox/contract";

/** A rent as the API returns it, for unit tests. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    kind: "rent",
    status: "IN_STORE",
    expressNumber: "PBR250101ABCDEF",
    createTime: 1_700_000_000_000,
    overdueDatetime: "2023-11-15T01:00:00.000Z",
    overdueTime: 1_700_010_000_000,
    overdueDays: 0,
    overduePrice: 5000,
    isExpired: false,
    rentTime: 6,
    rentTimeUnit: "hour",
    storeTime: 1_700_001_200_000,
    takeTime: null,
    paymentMethod: "Virtual Account",
    payOfAmount: 15000,
    payment_detail: { payment_method: "Virtual Account", reference: "VA-1", paid_at: 1_700_000_060_000 },
    donation: [
      { qty: 1, name: { en: "Plant a tree", id: "Tanam pohon" }, sub_total: 2000, donation_amount: 2000 },
    ],
    total_donation: 2000,
    admin_fee: { amount: 1000, total_amount: 18000 },
    logs: [
      { status: "IMPORTED", createdAt: 1_700_000_000_000 },
      { status: "IN_STORE", createdAt: 1_700_001_200_000 },
    ],
    recipientName: "Budi Santoso",
    barcode: { qrcodeCustomerTake: "PXB-T-AAAAAAAAAAAAAAAA", qrcodeCustomerStore: null },
    mouth: {
      id: 7,
      number: "12",
      box: { id: 3, name: "Stasiun Sudirman", address: "Jl. Jend. Sudirman No. 1, Jakarta" },
      mouthType: { name: "M", defaultUsePrice: 15000 },
    },
    lockerLocationDetail: {
      location: "Stasiun Sudirman",
      address: "Jl. Jend. Sudirman No. 1, Jakarta",
      description: "Near gate A",
      descriptionBahasa: "Dekat gerbang A",
      operationalHour: "Every day",
      operationalHourBahasa: "Setiap hari",
      photo: null,
      mapsLink: null,
      latitude: -6.2,
      longitude: 106.8,
    },
    ...overrides,
  };
}

/** A drop-off's overdue detail as the API returns it to its link's holder, for unit tests. */
export const testOverdueDetail = (overrides: Partial<OverdueDropoffDetail> = {}): OverdueDropoffDetail => ({
  ...overdueDetail,
  // Its new deadline a day on: a paid fee's QR still opens the door.
  overdueTime: Date.now() + 86_400_000,
  ...overrides,
});

const overdueDetail: OverdueDropoffDetail = {
  id: 9,
  status: "IN_STORE",
  overdueStatus: "none",
  expressNumber: "PBD-9",
  senderName: "Toko",
  recipientName: "Rina Kartika",
  takeUserPhoneNumber: "0811222233333",
  createTime: 1,
  overdueTime: 0,
  overdueDays: 3,
  overdueBasePrice: 5000,
  overdueTotalPrice: 15000,
  mouth: { number: "5", mouthType: { name: "M" }, box: { id: 4, name: "Seasons City" } },
  barcode: { id: "PXB-P-1" },
  invoiceNumber: null,
  receiverEmail: null,
};
