/**
 * Demo marketing and app content in Indonesian ("id") and English ("en"): banners, services,
 * the order-screen instruction texts, user-app feature flags and short links (spec §3).
 * Image fields are URL paths served by the API's media route (see src/media).
 */

export type SeedLanguage = "id" | "en";

export interface SeedDownloadButton {
  play_store_url: string;
  play_store_icon: string;
  app_store_url: string;
  app_store_icon: string;
}

export interface SeedBanner {
  header: string;
  /** Small HTML: a paragraph with <strong>. */
  sub_heading: string;
  button: {
    text_button: string;
    is_article: boolean;
    article: { created_at_date_only: string; slug: string } | null;
    other_url: string | null;
  };
  download_button: SeedDownloadButton;
  is_with_download_button: boolean;
  image_desktop_jpg: string;
  image_mobile_jpg: string;
}

export interface SeedServiceGuide {
  image: string;
  description: string;
}

export interface SeedService {
  title: string;
  /** Same in both languages. */
  slug: string;
  /** HTML, 25–60 words. */
  description: string;
  image_desktop_jpg: string;
  image_mobile_jpg: string;
  video_url: string | null;
  guides: SeedServiceGuide[];
  download_button: SeedDownloadButton;
}

export type SeedContentName =
  | "how_to_pick_up_items"
  | "how_to_stop_rent"
  | "how_to_open_locker"
  | "stop_rent_countdown_instruction"
  | "how_to_pick_up_dropoff"
  | "how_to_put_items"
  | "attention_pick_up_dropoff"
  | "attention_pick_up_items";

export interface SeedContentSetting {
  name: SeedContentName;
  setting_value: {
    title: string;
    title_bahasa: string;
    /** HTML; names the door with the literal token {{door_number}}. */
    description: string;
    description_bahasa: string;
  };
}

export interface SeedFeatureSetting {
  name: "snap_bi_paxelbox" | "snap_bi_dropoff" | "yellowai";
  setting_value: "enabled" | "disabled";
}

export interface SeedShortLink {
  /** Lowercase letters and digits. */
  code: string;
  /** Target; may lack a scheme (the web adds https). */
  url: string;
}

const MEDIA = "/api/v1/media";

export const downloadButton: SeedDownloadButton = {
  play_store_url: "https://play.google.com/store/apps/details?id=com.example.paxelbox",
  play_store_icon: `${MEDIA}/badge/google-play.svg`,
  app_store_url: "https://apps.apple.com/app/example-paxelbox/id0000000000",
  app_store_icon: `${MEDIA}/badge/app-store.svg`,
};

function bannerImages(name: string): Pick<SeedBanner, "image_desktop_jpg" | "image_mobile_jpg"> {
  return {
    image_desktop_jpg: `${MEDIA}/banner/${name}-desktop.svg`,
    image_mobile_jpg: `${MEDIA}/banner/${name}-mobile.svg`,
  };
}

const rentArticle = { created_at_date_only: "2025-05-12", slug: "sewa-loker-mulai-5-ribu-di-260-lokasi" };

export const banners: Record<SeedLanguage, SeedBanner[]> = {
  id: [
    {
      header: "Sewa Loker Mulai Rp. 5.000",
      sub_heading:
        "<p>Titip barang bawaan di <strong>lebih dari 260 lokasi</strong> se-Jabodetabek: stasiun, mal, kantor, hingga apartemen. Bayar lewat aplikasi, buka pintu cukup dengan scan QR.</p>",
      button: { text_button: "Baca Selengkapnya", is_article: true, article: rentArticle, other_url: null },
      download_button: downloadButton,
      is_with_download_button: false,
      ...bannerImages("rent-locker-id"),
    },
    {
      header: "Titip Paket Tanpa Harus Bertemu",
      sub_heading:
        "<p>Taruh paket di loker terdekat, penerima mengambilnya <strong>kapan saja</strong> dengan kode QR yang dikirim ke ponselnya.</p>",
      button: {
        text_button: "Titip Paket Sekarang",
        is_article: false,
        article: null,
        other_url: "/services#titip-paket",
      },
      download_button: downloadButton,
      is_with_download_button: false,
      ...bannerImages("send-parcel-id"),
    },
    {
      header: "Semua Loker dalam Satu Aplikasi",
      sub_heading:
        "<p>Unduh aplikasinya untuk sewa loker, titip paket, dan pantau status pesanan <strong>dari mana saja</strong>.</p>",
      button: { text_button: "", is_article: false, article: null, other_url: null },
      download_button: downloadButton,
      is_with_download_button: true,
      ...bannerImages("get-app-id"),
    },
  ],
  en: [
    {
      header: "Rent a Locker from Rp. 5.000",
      sub_heading:
        "<p>Keep your things at <strong>more than 260 locations</strong> across Jabodetabek: stations, malls, offices and apartments. Pay in the app and open the door with a QR scan.</p>",
      button: { text_button: "Read More", is_article: true, article: rentArticle, other_url: null },
      download_button: downloadButton,
      is_with_download_button: false,
      ...bannerImages("rent-locker-en"),
    },
    {
      header: "Hand Over Parcels Without Meeting",
      sub_heading:
        "<p>Leave a parcel in the nearest locker and the recipient collects it <strong>any time</strong> with a QR code sent to their phone.</p>",
      button: {
        text_button: "Drop Off a Parcel",
        is_article: false,
        article: null,
        other_url: "/services#titip-paket",
      },
      download_button: downloadButton,
      is_with_download_button: false,
      ...bannerImages("send-parcel-en"),
    },
    {
      header: "Every Locker in One App",
      sub_heading:
        "<p>Download the app to rent a locker, drop off parcels and follow your order status <strong>from anywhere</strong>.</p>",
      button: { text_button: "", is_article: false, article: null, other_url: null },
      download_button: downloadButton,
      is_with_download_button: true,
      ...bannerImages("get-app-en"),
    },
  ],
};

interface ServiceText {
  title: string;
  description: string;
  guides: string[];
}

interface ServiceDefinition {
  slug: string;
  id: ServiceText;
  en: ServiceText;
}

const serviceDefinitions: ServiceDefinition[] = [
  {
    slug: "sewa-loker",
    id: {
      title: "Sewa Loker",
      description:
        "<p>Butuh tempat aman untuk menitipkan barang sementara? <strong>Sewa loker</strong> di stasiun, mal, atau kantor terdekat langsung dari aplikasi. Pilih ukuran S, M, L, atau XL, tentukan durasi sewa, lalu buka pintu cukup dengan memindai kode QR. Barangmu terkunci rapat sampai kamu kembali.</p>",
      guides: [
        "Buka aplikasi, pilih menu Sewa Loker, lalu pilih lokasi loker terdekat.",
        "Pilih ukuran pintu dan durasi sewa, lalu selesaikan pembayaran.",
        "Di lokasi, pindai kode QR dari aplikasi pada layar loker.",
        "Pintu terbuka otomatis. Simpan barangmu, lalu tutup pintu hingga rapat.",
        "Untuk mengambil, tekan Ambil Barang di aplikasi dan pindai kode QR lagi.",
      ],
    },
    en: {
      title: "Rent a Locker",
      description:
        "<p>Need a safe place to leave your things for a while? <strong>Rent a locker</strong> at a nearby station, mall or office straight from the app. Pick size S, M, L or XL, choose how long you need it, and open the door by scanning a QR code. Your things stay locked until you come back.</p>",
      guides: [
        "Open the app, choose Rent a Locker and pick the nearest locker location.",
        "Choose the door size and rent duration, then complete the payment.",
        "At the locker, scan the QR code from the app on the locker screen.",
        "The door opens automatically. Put your things inside and close the door firmly.",
        "To collect, tap Pick Up Items in the app and scan the QR code again.",
      ],
    },
  },
  {
    slug: "titip-paket",
    id: {
      title: "Titip Paket",
      description:
        "<p>Kirim barang ke teman, pelanggan, atau keluarga tanpa harus bertemu. Isi data penerima, pilih ukuran pintu, lalu <strong>taruh paket di loker</strong>. Penerima mendapat kode QR untuk mengambil paket kapan saja selama jam operasional lokasi, tanpa antre dan tanpa menunggu kurir.</p>",
      guides: [
        "Isi formulir titip paket: nama pengirim, nama dan nomor ponsel penerima.",
        "Pilih ukuran pintu yang tersedia dan unggah foto paket.",
        "Pindai kode QR yang muncul pada layar loker, masukkan paket, lalu tutup pintu.",
        "Penerima mendapat kode QR lewat pesan dan bisa mengambil paket kapan saja.",
      ],
    },
    en: {
      title: "Drop-off for a Recipient",
      description:
        "<p>Send items to a friend, customer or family member without meeting up. Fill in the recipient's details, choose a door size and <strong>put the parcel in the locker</strong>. The recipient gets a QR code to collect it any time during the location's opening hours, with no queue and no waiting for a courier.</p>",
      guides: [
        "Fill in the drop-off form: sender name, recipient name and mobile number.",
        "Choose an available door size and upload a photo of the parcel.",
        "Scan the QR code shown on the locker screen, put the parcel in and close the door.",
        "The recipient gets a QR code by message and can collect the parcel any time.",
      ],
    },
  },
  {
    slug: "retur-paket",
    id: {
      title: "Retur Paket",
      description:
        "<p>Mau mengembalikan barang belanja online? Pilih loker terdekat sebagai titik retur, kemas barang dan tempel label retur, lalu <strong>masukkan ke loker</strong> dengan memindai kode QR. Kurir mitra akan mengambilnya dan kamu bisa memantau status pengembalian dari aplikasi.</p>",
      guides: [
        "Ajukan retur di toko online dan pilih loker sebagai titik pengembalian.",
        "Kemas barang dan tempel label retur di bagian luar paket.",
        "Pindai kode retur pada layar loker, masukkan paket, lalu tutup pintu.",
        "Kurir mitra mengambil paket; pantau status retur dari aplikasi.",
      ],
    },
    en: {
      title: "Return Parcels",
      description:
        "<p>Sending back something you bought online? Choose the nearest locker as your return point, pack the item with its return label and <strong>drop it in the locker</strong> by scanning the QR code. A partner courier collects it and you can follow the return status in the app.</p>",
      guides: [
        "Request a return in the online store and choose a locker as the return point.",
        "Pack the item and stick the return label on the outside of the parcel.",
        "Scan the return code on the locker screen, put the parcel in and close the door.",
        "A partner courier collects the parcel; follow the return status in the app.",
      ],
    },
  },
  {
    slug: "loker-makanan",
    id: {
      title: "Loker Makanan",
      description:
        "<p>Pesanan makanan tiba saat kamu masih rapat? Pengemudi menaruhnya di <strong>loker makanan</strong> dengan pintu khusus yang bersih dan mudah dibersihkan, lalu kamu mengambilnya dengan kode QR. Tersedia ukuran S Food sampai XL Food di gedung perkantoran dan apartemen.</p>",
      guides: [
        "Saat memesan makanan, pilih loker makanan di gedungmu sebagai alamat antar.",
        "Pengemudi menaruh pesanan di pintu loker makanan dan kamu mendapat notifikasi.",
        "Pindai kode QR pada layar loker dan ambil makananmu selagi hangat.",
      ],
    },
    en: {
      title: "Food Locker",
      description:
        "<p>Food arrives while you are still in a meeting? The driver leaves it in a <strong>food locker</strong> with dedicated, easy-to-clean doors, and you collect it with a QR code. Sizes S Food to XL Food are available in office buildings and apartments.</p>",
      guides: [
        "When ordering food, choose the food locker in your building as the delivery address.",
        "The driver places your order in a food door and you get a notification.",
        "Scan the QR code on the locker screen and take your food while it is still warm.",
      ],
    },
  },
];

function buildServices(language: SeedLanguage): SeedService[] {
  return serviceDefinitions.map((definition) => {
    const text = definition[language];
    return {
      title: text.title,
      slug: definition.slug,
      description: text.description,
      image_desktop_jpg: `${MEDIA}/service/${definition.slug}-desktop.svg`,
      image_mobile_jpg: `${MEDIA}/service/${definition.slug}-mobile.svg`,
      video_url: null,
      guides: text.guides.map((description, index) => ({
        image: `${MEDIA}/guide/${definition.slug}-${index + 1}.svg`,
        description,
      })),
      download_button: downloadButton,
    };
  });
}

export const services: Record<SeedLanguage, SeedService[]> = {
  id: buildServices("id"),
  en: buildServices("en"),
};

function steps(items: string[]): string {
  return `<ol>${items.map((item) => `<li>${item}</li>`).join("")}</ol>`;
}

export const paxelboxContent: SeedContentSetting[] = [
  {
    name: "how_to_pick_up_items",
    setting_value: {
      title: "How to pick up your items",
      title_bahasa: "Cara mengambil barang",
      description: steps([
        "Tap <strong>Pick Up Items</strong>, then choose <strong>Open Locker</strong> to keep renting or <strong>Stop Rent</strong> to finish.",
        "Show the QR code to the scanner below the locker screen.",
        "Door {{door_number}} opens automatically.",
        "Take your items and close the door firmly until it clicks.",
      ]),
      description_bahasa: steps([
        "Tekan <strong>Ambil Barang</strong>, lalu pilih <strong>Buka Loker</strong> untuk tetap menyewa atau <strong>Berhenti Sewa</strong> untuk mengakhiri.",
        "Arahkan kode QR ke pemindai di bawah layar loker.",
        "Pintu nomor {{door_number}} akan terbuka otomatis.",
        "Ambil barangmu, lalu tutup pintu hingga terdengar bunyi klik.",
      ]),
    },
  },
  {
    name: "how_to_stop_rent",
    setting_value: {
      title: "How to stop the rent",
      title_bahasa: "Cara berhenti sewa",
      description: steps([
        "Show this QR code to the scanner below the locker screen.",
        "Door {{door_number}} opens. Take out all of your items.",
        "Close the door firmly. Your rent ends once the door is closed.",
      ]),
      description_bahasa: steps([
        "Arahkan kode QR ini ke pemindai di bawah layar loker.",
        "Pintu nomor {{door_number}} terbuka. Ambil semua barangmu.",
        "Tutup pintu hingga rapat. Sewa berakhir setelah pintu tertutup.",
      ]),
    },
  },
  {
    name: "how_to_open_locker",
    setting_value: {
      title: "How to open the locker",
      title_bahasa: "Cara membuka loker",
      description: steps([
        "Tap <strong>Scan QR</strong> on the locker screen.",
        "Hold this QR code about 10 cm from the scanner until you hear a beep.",
        "Door {{door_number}} opens. Put in or take out your items.",
        "Close the door firmly. Your rent continues until you stop it.",
      ]),
      description_bahasa: steps([
        "Tekan <strong>Pindai QR</strong> pada layar loker.",
        "Dekatkan kode QR ini sekitar 10 cm dari pemindai hingga terdengar bunyi bip.",
        "Pintu nomor {{door_number}} terbuka. Simpan atau ambil barangmu.",
        "Tutup pintu hingga rapat. Sewa tetap berjalan sampai kamu mengakhirinya.",
      ]),
    },
  },
  {
    name: "stop_rent_countdown_instruction",
    setting_value: {
      title: "Ending your rent",
      title_bahasa: "Sewa sedang diakhiri",
      description:
        "<p>Make sure door {{door_number}} is empty and <strong>closed firmly</strong>. We are ending your rent; this page updates in a moment.</p>",
      description_bahasa:
        "<p>Pastikan pintu nomor {{door_number}} sudah kosong dan <strong>tertutup rapat</strong>. Sewa sedang diakhiri; halaman ini akan diperbarui sebentar lagi.</p>",
    },
  },
  {
    name: "how_to_pick_up_dropoff",
    setting_value: {
      title: "How to pick up your parcel",
      title_bahasa: "Cara mengambil paket",
      description: steps([
        "Go to the locker location shown below.",
        "Tap <strong>Scan QR</strong> on the locker screen and show this QR code to the scanner.",
        "Door {{door_number}} opens. Take your parcel.",
        "Close the door firmly before you leave.",
      ]),
      description_bahasa: steps([
        "Datangi lokasi loker yang tertera di bawah.",
        "Tekan <strong>Pindai QR</strong> pada layar loker, lalu arahkan kode QR ini ke pemindai.",
        "Pintu nomor {{door_number}} terbuka. Ambil paketmu.",
        "Tutup kembali pintu hingga rapat sebelum pergi.",
      ]),
    },
  },
  {
    name: "how_to_put_items",
    setting_value: {
      title: "How to put your items in",
      title_bahasa: "Cara menyimpan barang",
      description: steps([
        "Arrive at the locker before the countdown ends.",
        "Scan this QR code at the scanner below the locker screen.",
        "Door {{door_number}} opens. Put your items inside.",
        "Close the door firmly until it clicks. Your rent starts now.",
      ]),
      description_bahasa: steps([
        "Datang ke loker sebelum hitung mundur berakhir.",
        "Pindai kode QR ini pada pemindai di bawah layar loker.",
        "Pintu nomor {{door_number}} terbuka. Masukkan barangmu.",
        "Tutup pintu hingga terdengar bunyi klik. Sewa dimulai sejak saat itu.",
      ]),
    },
  },
  {
    name: "attention_pick_up_dropoff",
    setting_value: {
      title: "Attention",
      title_bahasa: "Perhatian",
      description:
        "<p>This QR code works <strong>only once</strong>. Take your parcel from door {{door_number}} straight away and close the door: once closed, it cannot be opened again with this code.</p>",
      description_bahasa:
        "<p>Kode QR ini <strong>hanya bisa dipakai sekali</strong>. Segera ambil paketmu dari pintu nomor {{door_number}} lalu tutup pintunya: setelah tertutup, pintu tidak bisa dibuka lagi dengan kode ini.</p>",
    },
  },
  {
    name: "attention_pick_up_items",
    setting_value: {
      title: "Attention",
      title_bahasa: "Perhatian",
      description:
        "<p>Check that nothing is left in door {{door_number}} before you stop the rent. After the rent ends, the door <strong>can no longer be opened</strong> from your account.</p>",
      description_bahasa:
        "<p>Pastikan tidak ada barang yang tertinggal di pintu nomor {{door_number}} sebelum berhenti sewa. Setelah sewa berakhir, pintu <strong>tidak bisa dibuka lagi</strong> dari akunmu.</p>",
    },
  },
];

export const userAppFeatures: SeedFeatureSetting[] = [
  { name: "snap_bi_paxelbox", setting_value: "enabled" },
  { name: "snap_bi_dropoff", setting_value: "enabled" },
  { name: "yellowai", setting_value: "enabled" },
];

export const shortLinks: SeedShortLink[] = [
  { code: "promo", url: "https://www.example.com/news-and-promos/sewa-loker-hemat" },
  { code: "lokasi", url: "https://www.example.com/paxelbox#location" },
  { code: "app", url: "example.com/paxelbox/download" },
  { code: "titip", url: "https://www.example.com/paxelbox/services#titip-paket" },
  { code: "bantuan2025", url: "https://www.example.com/help-and-support" },
];
