/**
 * Demo locker locations ("boxes") around Jabodetabek.
 *
 * The places, streets, kelurahan, kecamatan and postal codes follow the real map, but the lockers
 * themselves are demo data. Everything is derived deterministically from the tables below: a
 * location's small coordinate offset comes from a hash of its name, and descriptions and opening
 * hours are picked from per-kind pools by that hash, never repeating the previous pick of the kind.
 */

export interface SeedLocation {
  /** Unique box code, e.g. `PXB-JKS-0012` (area prefix + number). */
  code: string;
  /** Place name with the exact spot, e.g. "Stasiun Manggarai — Pintu Selatan". */
  name: string;
  /** Region of Jabodetabek: "Jakarta Pusat", "Jakarta Selatan", ..., "Bogor", "Depok", "Tangerang", "Tangerang Selatan", "Bekasi". */
  area: string;
  /** Administrative city or regency, e.g. "Jakarta Selatan", "Kota Bogor", "Kabupaten Tangerang". */
  city: string;
  /** Full street address with kelurahan, kecamatan, city, province and postal code. */
  address: string;
  /** Where the locker stands, in English. */
  description: string;
  /** Where the locker stands, in Indonesian. */
  descriptionBahasa: string;
  operationalHour: string;
  operationalHourBahasa: string;
  latitude: number;
  longitude: number;
}

type Kind =
  | "mall"
  | "station"
  | "apartment"
  | "office"
  | "campus"
  | "hospital"
  | "ruko"
  | "market"
  | "housing"
  | "public";

/** [kecamatan, postal code, latitude, longitude, city override] */
type Kel = readonly [string, string, number, number, string?];

interface PlaceOptions {
  /** Exact coordinates of the place (otherwise the kelurahan centre plus a small offset). */
  at?: readonly [number, number];
  hours?: HoursKey;
  desc?: readonly [string, string];
}

/** [kind, name, street, kelurahan key, options] */
type Place = readonly [Kind, string, string, string, PlaceOptions?];

interface AreaTable {
  area: string;
  prefix: string;
  city: string;
  province: string;
  kelurahan: Record<string, Kel>;
  places: readonly Place[];
}

const HOURS = {
  h24: ["24 hours", "24 jam"],
  everyDay24: ["Every day, 24 hours", "Setiap hari, 24 jam"],
  mall10to22: ["Every day, 10:00 – 22:00", "Setiap hari, 10.00 – 22.00"],
  mall9to21: ["Every day, 09:00 – 21:30", "Setiap hari, 09.00 – 21.30"],
  mallWeekend: [
    "Mon – Fri 10:00 – 22:00, Sat – Sun 09:00 – 22:00",
    "Senin – Jumat 10.00 – 22.00, Sabtu – Minggu 09.00 – 22.00",
  ],
  mallLate: [
    "Sun – Thu 10:00 – 22:00, Fri – Sat 10:00 – 23:00",
    "Minggu – Kamis 10.00 – 22.00, Jumat – Sabtu 10.00 – 23.00",
  ],
  station430: ["Every day, 04:30 – 24:00", "Setiap hari, 04.30 – 24.00"],
  station5: ["Every day, 05:00 – 23:00", "Setiap hari, 05.00 – 23.00"],
  stationWeekend: [
    "Mon – Fri 04:00 – 24:00, Sat – Sun 05:00 – 23:00",
    "Senin – Jumat 04.00 – 24.00, Sabtu – Minggu 05.00 – 23.00",
  ],
  day6to22: ["Every day, 06:00 – 22:00", "Setiap hari, 06.00 – 22.00"],
  day6to23: ["Every day, 06:00 – 23:00", "Setiap hari, 06.00 – 23.00"],
  day7to23: ["Every day, 07:00 – 23:00", "Setiap hari, 07.00 – 23.00"],
  day5to23: ["Every day, 05:00 – 23:00", "Setiap hari, 05.00 – 23.00"],
  officeSat: [
    "Mon – Fri 07:00 – 20:00, Sat 08:00 – 14:00, closed on Sundays",
    "Senin – Jumat 07.00 – 20.00, Sabtu 08.00 – 14.00, Minggu tutup",
  ],
  officeLong: [
    "Mon – Fri 06:30 – 21:00, Sat – Sun 08:00 – 17:00",
    "Senin – Jumat 06.30 – 21.00, Sabtu – Minggu 08.00 – 17.00",
  ],
  officeWeekdays: [
    "Mon – Fri 07:00 – 19:00, closed on weekends and public holidays",
    "Senin – Jumat 07.00 – 19.00, Sabtu, Minggu dan hari libur tutup",
  ],
  campus: [
    "Mon – Sat 06:00 – 21:00, Sun 08:00 – 16:00",
    "Senin – Sabtu 06.00 – 21.00, Minggu 08.00 – 16.00",
  ],
  campusWeekdays: [
    "Mon – Fri 07:00 – 21:00, Sat 07:00 – 15:00, closed on Sundays",
    "Senin – Jumat 07.00 – 21.00, Sabtu 07.00 – 15.00, Minggu tutup",
  ],
  market: ["Every day, 05:00 – 18:00", "Setiap hari, 05.00 – 18.00"],
  marketShortSunday: [
    "Mon – Sat 06:00 – 17:00, Sun 06:00 – 13:00",
    "Senin – Sabtu 06.00 – 17.00, Minggu 06.00 – 13.00",
  ],
  park: [
    "Tue – Sun 07:00 – 18:00, closed on Mondays",
    "Selasa – Minggu 07.00 – 18.00, Senin tutup",
  ],
  museum: [
    "Tue – Sun 08:00 – 17:00, closed on Mondays",
    "Selasa – Minggu 08.00 – 17.00, Senin tutup",
  ],
  government: [
    "Mon – Fri 07:30 – 16:00, Sat 08:00 – 12:00",
    "Senin – Jumat 07.30 – 16.00, Sabtu 08.00 – 12.00",
  ],
} as const satisfies Record<string, readonly [string, string]>;

type HoursKey = keyof typeof HOURS;

const HOURS_BY_KIND: Record<Kind, readonly HoursKey[]> = {
  mall: ["mall10to22", "mallWeekend", "mall9to21", "mall10to22", "mallLate"],
  station: ["station430", "station5", "stationWeekend", "station430"],
  apartment: ["h24", "everyDay24", "day6to23", "h24"],
  office: ["officeSat", "officeLong", "day6to22", "officeWeekdays"],
  campus: ["campus", "campusWeekdays"],
  hospital: ["h24", "day6to22", "everyDay24"],
  ruko: ["h24", "day6to22", "day7to23", "everyDay24"],
  market: ["market", "marketShortSunday"],
  housing: ["h24", "day5to23", "everyDay24"],
  public: ["day6to22", "day5to23", "h24"],
};

const DESCRIPTIONS: Record<Kind, readonly (readonly [string, string])[]> = {
  mall: [
    ["Next to the ATM gallery.", "Di samping galeri ATM."],
    ["Opposite the lifts to the main atrium.", "Di seberang lift menuju atrium utama."],
    ["Beside the customer service desk.", "Di samping meja layanan pelanggan."],
    [
      "Near the taxi and ride-hailing pick-up point, left of the security post.",
      "Dekat titik penjemputan taksi dan ojek daring, di kiri pos keamanan.",
    ],
    [
      "In the corridor towards the food court, across from the pharmacy.",
      "Di koridor menuju food court, di seberang apotek.",
    ],
    ["Next to the information counter, facing the entrance.", "Di sebelah meja informasi, menghadap pintu masuk."],
    [
      "A few steps from the pedestrian entrance of the car park.",
      "Beberapa langkah dari pintu masuk pejalan kaki area parkir.",
    ],
    ["Next to the restrooms and the prayer room.", "Di sebelah toilet dan musala."],
  ],
  station: [
    [
      "Outside the ticket gates, next to the ticket vending machines.",
      "Di luar gerbang tiket, di sebelah mesin tiket otomatis.",
    ],
    ["On the concourse, beside the exit stairs.", "Di area concourse, di samping tangga keluar."],
    [
      "Under the canopy of the ride-hailing pick-up point.",
      "Di bawah kanopi titik penjemputan ojek daring.",
    ],
    [
      "Next to the station prayer room, before the tap-in gates.",
      "Di sebelah musala stasiun, sebelum gerbang tap-in.",
    ],
    ["By the bicycle parking at the entrance.", "Di dekat parkir sepeda di pintu masuk."],
    [
      "In the retail corridor between the convenience store and the bakery kiosk.",
      "Di lorong ritel antara minimarket dan kios roti.",
    ],
    [
      "At the end of the pedestrian bridge, right after the stairs.",
      "Di ujung jembatan penyeberangan, tepat setelah tangga.",
    ],
  ],
  apartment: [
    [
      "In the main lobby, next to the residents' mailboxes.",
      "Di lobi utama, di sebelah kotak surat penghuni.",
    ],
    ["Beside the lifts, across from the waiting sofas.", "Di samping lift, di seberang sofa tunggu."],
    ["Near the lifts, opposite the parcel room.", "Dekat lift, di seberang ruang paket."],
    ["Next to the security desk at the drop-off lobby.", "Di sebelah meja sekuriti di lobi drop-off."],
    [
      "In the residents' lounge, near the building management office.",
      "Di lounge penghuni, dekat kantor pengelola gedung.",
    ],
    [
      "At the entrance of the commercial area, opposite the laundry.",
      "Di pintu masuk area komersial, di seberang laundry.",
    ],
  ],
  office: [
    ["In the lobby, next to the reception desk.", "Di lobi, di sebelah meja resepsionis."],
    ["By the turnstiles in the main lobby.", "Di dekat gerbang putar (turnstile) lobi utama."],
    ["Near the courier and delivery drop-off desk.", "Dekat meja titipan kurir dan pengantaran."],
    ["Next to the canteen entrance.", "Di sebelah pintu masuk kantin."],
    ["Next to the coffee kiosk in the lobby.", "Di sebelah kios kopi di lobi."],
    ["At the lift lobby of the low-zone lifts.", "Di lobi lift zona bawah."],
  ],
  campus: [
    [
      "In front of the student centre, under the covered walkway.",
      "Di depan student center, di bawah selasar beratap.",
    ],
    [
      "On the library ground floor, next to the photocopy kiosk.",
      "Di lantai dasar perpustakaan, di sebelah kios fotokopi.",
    ],
    ["Near the security post at the main gate.", "Dekat pos keamanan di gerbang utama."],
    [
      "In the faculty canteen area, beside the drinking-water station.",
      "Di area kantin fakultas, di samping stasiun air minum.",
    ],
    [
      "In the lobby, next to the academic administration counter.",
      "Di lobi, di sebelah loket administrasi akademik.",
    ],
  ],
  hospital: [
    [
      "In the outpatient lobby, next to the pharmacy queue.",
      "Di lobi rawat jalan, di sebelah antrean farmasi.",
    ],
    [
      "Near the main entrance, opposite the registration counters.",
      "Dekat pintu masuk utama, di seberang loket pendaftaran.",
    ],
    ["By the visitors' waiting area on the ground floor.", "Di area tunggu pengunjung, lantai dasar."],
  ],
  ruko: [
    [
      "On the terrace in front of the minimarket, under the canopy.",
      "Di teras depan minimarket, di bawah kanopi.",
    ],
    ["Between the laundry and the phone-credit shop.", "Di antara laundry dan konter pulsa."],
    ["At the corner unit, next to the ATM booth.", "Di unit sudut, di sebelah bilik ATM."],
    [
      "In front of the pharmacy, beside the motorbike parking.",
      "Di depan apotek, di samping parkir motor.",
    ],
    [
      "Under the arcade walkway, next to the coffee shop.",
      "Di selasar depan ruko, di sebelah kedai kopi.",
    ],
  ],
  market: [
    [
      "At the main entrance, next to the market management office.",
      "Di pintu masuk utama, di sebelah kantor pengelola pasar.",
    ],
    ["On the ground floor, near the escalators.", "Di lantai dasar, dekat eskalator."],
    [
      "By the loading area, beside the security post.",
      "Di dekat area bongkar muat, di samping pos keamanan.",
    ],
  ],
  housing: [
    ["At the cluster gate, next to the security post.", "Di gerbang cluster, di sebelah pos satpam."],
    ["Inside the club house, near the reception.", "Di dalam club house, dekat resepsionis."],
    [
      "Beside the estate management office, facing the main road.",
      "Di samping kantor pengelola perumahan, menghadap jalan utama.",
    ],
    [
      "Next to the children's playground and the community hall.",
      "Di sebelah taman bermain anak dan balai warga.",
    ],
  ],
  public: [
    ["Next to the visitor information centre.", "Di sebelah pusat informasi pengunjung."],
    ["In the waiting hall, near the phone-charging station.", "Di ruang tunggu, dekat stasiun pengisian daya."],
    [
      "By the main parking entrance, beside the ticket booth.",
      "Di pintu masuk parkir utama, di samping loket tiket.",
    ],
    ["Under the shelter, beside the public restrooms.", "Di bawah shelter, di samping toilet umum."],
  ],
};

const KAB_BOGOR = "Kabupaten Bogor";
const KAB_TANGERANG = "Kabupaten Tangerang";
const KAB_BEKASI = "Kabupaten Bekasi";

const AREAS: readonly AreaTable[] = [
  {
    area: "Jakarta Pusat",
    prefix: "JKP",
    city: "Jakarta Pusat",
    province: "DKI Jakarta",
    kelurahan: {
      Gambir: ["Gambir", "10110", -6.1766, 106.8227],
      "Kebon Kelapa": ["Gambir", "10120", -6.169, 106.82],
      Menteng: ["Menteng", "10310", -6.196, 106.8295],
      Gondangdia: ["Menteng", "10350", -6.187, 106.831],
      Cikini: ["Menteng", "10330", -6.19, 106.84],
      "Kebon Sirih": ["Menteng", "10340", -6.184, 106.825],
      Pegangsaan: ["Menteng", "10320", -6.204, 106.8440],
      "Kebon Melati": ["Tanah Abang", "10230", -6.199, 106.815],
      "Kampung Bali": ["Tanah Abang", "10250", -6.186, 106.815],
      "Karet Tengsin": ["Tanah Abang", "10220", -6.208, 106.819],
      Gelora: ["Tanah Abang", "10270", -6.218, 106.802],
      "Bendungan Hilir": ["Tanah Abang", "10210", -6.21, 106.812],
      Senen: ["Senen", "10410", -6.176, 106.842],
      Kwitang: ["Senen", "10420", -6.18, 106.84],
      Kenari: ["Senen", "10430", -6.193, 106.849],
      Kramat: ["Senen", "10450", -6.185, 106.846],
      "Cempaka Putih Timur": ["Cempaka Putih", "10510", -6.176, 106.874],
      Rawasari: ["Cempaka Putih", "10570", -6.188, 106.868],
      Kemayoran: ["Kemayoran", "10620", -6.162, 106.85],
      "Kebon Kosong": ["Kemayoran", "10630", -6.158, 106.857],
      "Sumur Batu": ["Kemayoran", "10640", -6.166, 106.869],
      "Johar Baru": ["Johar Baru", "10560", -6.183, 106.856],
      "Karang Anyar": ["Sawah Besar", "10740", -6.158, 106.829],
      "Pasar Baru": ["Sawah Besar", "10710", -6.165, 106.834],
      "Gunung Sahari Utara": ["Sawah Besar", "10720", -6.151, 106.836],
      "Mangga Dua Selatan": ["Sawah Besar", "10730", -6.148, 106.826],
    },
    places: [
      ["station", "Stasiun Gambir — Pintu Utara", "Jl. Medan Merdeka Timur No. 1", "Gambir", { at: [-6.1766, 106.8307] }],
      ["station", "Stasiun Juanda — Hall Utama", "Jl. Ir. H. Juanda No. 1", "Kebon Kelapa", { at: [-6.1668, 106.8302] }],
      ["mall", "Grand Indonesia — East Mall Lantai LG", "Jl. M.H. Thamrin No. 1", "Menteng", { at: [-6.1951, 106.8213] }],
      ["office", "Menara Thamrin — Lobby Utama", "Jl. M.H. Thamrin Kav. 3", "Kebon Sirih"],
      ["station", "Stasiun MRT Bundaran HI — Pintu Keluar B", "Jl. M.H. Thamrin", "Menteng", { at: [-6.1917, 106.8228] }],
      ["mall", "Plaza Indonesia — Basement Parkir", "Jl. M.H. Thamrin Kav. 28–30", "Gondangdia", { at: [-6.1934, 106.8221] }],
      ["station", "Stasiun Sudirman — Pintu Barat", "Jl. Kendal No. 1", "Menteng", { at: [-6.2025, 106.8233] }],
      ["apartment", "Apartemen Sudirman Park Tower A", "Jl. K.H. Mas Mansyur Kav. 35", "Karet Tengsin"],
      ["station", "Stasiun Tanah Abang — Skybridge Jatibaru", "Jl. Jatibaru Raya", "Kampung Bali", { at: [-6.1856, 106.8108] }],
      ["market", "Pasar Tanah Abang Blok B — Lantai 3 Jembatan Penghubung", "Jl. K.H. Fachrudin No. 36", "Kampung Bali"],
      ["mall", "Thamrin City — Lantai Dasar Atrium", "Jl. Thamrin Boulevard, Kebon Kacang", "Kebon Melati"],
      ["office", "Gedung Perkantoran Karet Tengsin 9 — Lobby B", "Jl. K.H. Mas Mansyur No. 9", "Karet Tengsin"],
      ["campus", "Kampus Salemba — Gedung Pascasarjana", "Jl. Salemba Raya No. 4", "Kenari"],
      ["hospital", "Rumah Sakit Salemba — Gedung Kencana Lobby Rawat Jalan", "Jl. Pangeran Diponegoro No. 71", "Kenari"],
      ["station", "Stasiun Senen — Pintu Timur", "Jl. Stasiun Senen No. 14", "Senen", { at: [-6.1766, 106.8454] }],
      ["mall", "Atrium Senen — Lantai Dasar dekat Halte Busway", "Jl. Senen Raya No. 135", "Senen"],
      ["office", "Gedung Perkantoran Kwitang 8 — Lobby", "Jl. Kwitang Raya No. 8", "Kwitang"],
      ["apartment", "Apartemen Menteng Square Tower B", "Jl. Matraman Raya No. 30E", "Pegangsaan"],
      ["station", "Stasiun Cikini — Pintu Selatan", "Jl. Cikini Raya No. 1", "Cikini", { at: [-6.1986, 106.8413] }],
      ["public", "Taman Ismail Marzuki — Area Parkir Utara", "Jl. Cikini Raya No. 73", "Cikini", { hours: "day6to23" }],
      ["apartment", "Apartemen Green Pramuka City Tower Chrysant", "Jl. Jend. Ahmad Yani Kav. 49", "Rawasari"],
      ["mall", "Pusat Grosir Cempaka Mas — Lantai Dasar", "Jl. Letjen Suprapto", "Sumur Batu"],
      ["apartment", "Apartemen Mediterania Boulevard Kemayoran Tower A", "Jl. Benyamin Suaeb Blok D7", "Kebon Kosong"],
      ["station", "Stasiun Kemayoran — Pintu Barat", "Jl. Garuda", "Kemayoran", { at: [-6.1612, 106.8482] }],
      ["office", "Menara Cakrawala — Lobby Lift", "Jl. M.H. Thamrin No. 9", "Kebon Sirih"],
      ["mall", "Sarinah — Lobby Selatan", "Jl. M.H. Thamrin No. 11", "Gondangdia", { at: [-6.1874, 106.8236] }],
      ["office", "Gedung Metro Atom — Lantai 1", "Jl. Samanhudi No. 21", "Pasar Baru"],
      ["public", "Lapangan Banteng — Gerbang Selatan", "Jl. Lapangan Banteng Selatan", "Pasar Baru", { hours: "day5to23" }],
      ["station", "Stasiun Sawah Besar — Pintu Utama", "Jl. Sukarjo Wiryopranoto", "Karang Anyar", { at: [-6.1606, 106.8274] }],
      ["station", "Stasiun Mangga Besar — Pintu Timur", "Jl. Mangga Besar Raya", "Mangga Dua Selatan", { at: [-6.1498, 106.8269] }],
      ["ruko", "Ruko Percetakan Negara — Blok C No. 12", "Jl. Percetakan Negara No. 52", "Johar Baru"],
      ["campus", "Kampus Universitas Yarsi — Gedung Rektorat", "Jl. Letjen Suprapto Kav. 13", "Cempaka Putih Timur"],
      ["mall", "Plaza Senayan — Lobby Arcadia", "Jl. Asia Afrika No. 8", "Gelora", { at: [-6.2254, 106.7996] }],
      ["mall", "Senayan City — Lantai LG dekat Lobby Barat", "Jl. Asia Afrika Lot 19", "Gelora", { at: [-6.2273, 106.7972] }],
      ["station", "Stasiun MRT Istora — Pintu A", "Jl. Jend. Sudirman", "Gelora", { at: [-6.2223, 106.8087] }],
      ["station", "Stasiun Palmerah — Pintu Selatan", "Jl. Tentara Pelajar", "Gelora", { at: [-6.2074, 106.7975] }],
      ["apartment", "Apartemen Bendungan Hilir Residence — Lobby Utama", "Jl. Bendungan Hilir Raya No. 61", "Bendungan Hilir"],
      ["station", "Stasiun Rajawali — Pintu Timur", "Jl. Rajawali Selatan", "Gunung Sahari Utara", { at: [-6.1485, 106.8372] }],
      ["hospital", "Rumah Sakit Kramat — Lobby Gedung Utama", "Jl. Kramat Raya No. 128", "Kramat"],
    ],
  },
  {
    area: "Jakarta Selatan",
    prefix: "JKS",
    city: "Jakarta Selatan",
    province: "DKI Jakarta",
    kelurahan: {
      Senayan: ["Kebayoran Baru", "12190", -6.227, 106.808],
      Gunung: ["Kebayoran Baru", "12120", -6.238, 106.795],
      "Kramat Pela": ["Kebayoran Baru", "12130", -6.24, 106.789],
      Melawai: ["Kebayoran Baru", "12160", -6.244, 106.8],
      Petogogan: ["Kebayoran Baru", "12170", -6.243, 106.81],
      "Rawa Barat": ["Kebayoran Baru", "12180", -6.236, 106.806],
      Selong: ["Kebayoran Baru", "12110", -6.233, 106.802],
      "Karet Semanggi": ["Setiabudi", "12930", -6.219, 106.816],
      "Karet Kuningan": ["Setiabudi", "12940", -6.221, 106.829],
      "Menteng Atas": ["Setiabudi", "12960", -6.218, 106.834],
      Setiabudi: ["Setiabudi", "12910", -6.21, 106.823],
      Karet: ["Setiabudi", "12920", -6.213, 106.818],
      "Kuningan Barat": ["Mampang Prapatan", "12710", -6.234, 106.825],
      "Mampang Prapatan": ["Mampang Prapatan", "12790", -6.249, 106.825],
      "Tebet Barat": ["Tebet", "12810", -6.237, 106.849],
      "Tebet Timur": ["Tebet", "12820", -6.233, 106.856],
      Manggarai: ["Tebet", "12850", -6.21, 106.85],
      "Menteng Dalam": ["Tebet", "12870", -6.229, 106.841],
      Rawajati: ["Pancoran", "12750", -6.256, 106.856],
      Pengadegan: ["Pancoran", "12770", -6.248, 106.857],
      "Pasar Minggu": ["Pasar Minggu", "12520", -6.285, 106.843],
      "Pejaten Barat": ["Pasar Minggu", "12510", -6.277, 106.829],
      "Jati Padang": ["Pasar Minggu", "12540", -6.29, 106.827],
      Ragunan: ["Pasar Minggu", "12550", -6.305, 106.82],
      "Cilandak Timur": ["Pasar Minggu", "12560", -6.29, 106.81],
      Kebagusan: ["Pasar Minggu", "12520", -6.307, 106.831],
      "Cilandak Barat": ["Cilandak", "12430", -6.287, 106.799],
      "Lebak Bulus": ["Cilandak", "12440", -6.296, 106.776],
      "Gandaria Selatan": ["Cilandak", "12420", -6.267, 106.792],
      "Cipete Selatan": ["Cilandak", "12410", -6.273, 106.804],
      "Pondok Pinang": ["Kebayoran Lama", "12310", -6.27, 106.775],
      "Kebayoran Lama Utara": ["Kebayoran Lama", "12240", -6.238, 106.779],
      "Grogol Utara": ["Kebayoran Lama", "12210", -6.223, 106.779],
      Cipulir: ["Kebayoran Lama", "12230", -6.242, 106.771],
      Bintaro: ["Pesanggrahan", "12330", -6.27, 106.758],
      "Srengseng Sawah": ["Jagakarsa", "12640", -6.348, 106.826],
      "Lenteng Agung": ["Jagakarsa", "12610", -6.33, 106.835],
      "Tanjung Barat": ["Jagakarsa", "12530", -6.307, 106.84],
      Ciganjur: ["Jagakarsa", "12630", -6.338, 106.806],
    },
    places: [
      ["station", "Stasiun Manggarai — Pintu Selatan", "Jl. Manggarai Utara I", "Manggarai", { at: [-6.2102, 106.8502] }],
      ["mall", "Kota Kasablanka — Lantai UG dekat Lobby Utama", "Jl. Casablanca Raya Kav. 88", "Menteng Dalam", { at: [-6.2244, 106.8426] }],
      ["apartment", "Apartemen Kalibata City Tower Jasmine", "Jl. Raya Kalibata No. 1", "Rawajati", { at: [-6.2575, 106.8536] }],
      ["station", "Stasiun Tebet — Pintu Timur", "Jl. Tebet Raya", "Tebet Timur", { at: [-6.2263, 106.8584] }],
      ["office", "Gedung Perkantoran Sudirman 21 — Lobby B", "Jl. Jend. Sudirman Kav. 21", "Karet"],
      ["apartment", "Apartemen Casa Grande Tower Chianti", "Jl. Casablanca Raya Kav. 88", "Menteng Dalam"],
      ["station", "Stasiun Duren Kalibata — Pintu Barat", "Jl. Raya Kalibata", "Rawajati", { at: [-6.2553, 106.855] }],
      ["mall", "Kalibata City Square — Lantai Dasar dekat ATM", "Jl. Raya Kalibata No. 1", "Rawajati"],
      ["office", "Gedung Perkantoran Gatot Subroto 38 — Lobby B", "Jl. Jend. Gatot Subroto Kav. 38", "Kuningan Barat"],
      ["station", "Stasiun Pasar Minggu — Pintu Timur", "Jl. Raya Pasar Minggu", "Pasar Minggu", { at: [-6.2842, 106.8443] }],
      ["mall", "Pejaten Village — Lantai Dasar dekat Lobby Timur", "Jl. Warung Jati Barat No. 39", "Jati Padang", { at: [-6.2786, 106.8283] }],
      ["station", "Stasiun Tanjung Barat — Pintu Barat", "Jl. Raya Lenteng Agung", "Tanjung Barat", { at: [-6.3077, 106.8387] }],
      ["campus", "Universitas Pancasila — Gedung Rektorat Lantai Dasar", "Jl. Raya Lenteng Agung No. 56", "Srengseng Sawah"],
      ["station", "Stasiun Lenteng Agung — Pintu Timur", "Jl. Raya Lenteng Agung", "Lenteng Agung", { at: [-6.3306, 106.835] }],
      ["station", "Stasiun MRT Lebak Bulus — Pintu A", "Jl. R.A. Kartini", "Lebak Bulus", { at: [-6.2893, 106.7745] }],
      ["mall", "Cilandak Town Square — Lobby Barat", "Jl. Letjen T.B. Simatupang Kav. 17", "Cilandak Barat", { at: [-6.2914, 106.8] }],
      ["station", "Stasiun MRT Fatmawati — Pintu B", "Jl. R.S. Fatmawati Raya", "Cilandak Barat", { at: [-6.2925, 106.7926] }],
      ["hospital", "Rumah Sakit Fatmawati — Gedung Rawat Jalan", "Jl. R.S. Fatmawati Raya No. 4", "Cilandak Barat"],
      ["office", "Kompleks Perkantoran Graha Simatupang — Tower 2B", "Jl. Letjen T.B. Simatupang Kav. 38", "Jati Padang"],
      ["station", "Stasiun MRT Blok M — Lantai Concourse", "Jl. Sisingamangaraja", "Melawai", { at: [-6.2443, 106.7984] }],
      ["mall", "Blok M Square — Basement dekat Tangga Jalan", "Jl. Melawai V", "Melawai"],
      ["public", "GOR Bulungan — Pintu Masuk Utara", "Jl. Bulungan No. 1", "Kramat Pela", { hours: "day6to22" }],
      ["market", "Pasar Santa — Lantai Dasar dekat Tangga", "Jl. Cipaku I", "Petogogan"],
      ["ruko", "Ruko Wolter Monginsidi No. 72 — Teras Depan", "Jl. Wolter Monginsidi No. 72", "Rawa Barat"],
      ["campus", "Universitas Al Azhar Indonesia — Lobby Gedung Utama", "Jl. Sisingamangaraja", "Selong"],
      ["station", "Halte Transjakarta CSW — Selasar Lantai 2", "Jl. Sisingamangaraja", "Selong", { at: [-6.2367, 106.7985] }],
      ["market", "Pasar Mayestik — Lantai Dasar", "Jl. Tebah III", "Gunung"],
      ["office", "Kawasan SCBD Lot 10 — Lobby Selatan", "Jl. Jend. Sudirman Kav. 52–53", "Senayan"],
      ["station", "Stasiun MRT Setiabudi — Pintu A", "Jl. Jend. Sudirman", "Setiabudi", { at: [-6.209, 106.8216] }],
      ["apartment", "Apartemen Taman Rasuna Tower 7", "Jl. H.R. Rasuna Said", "Menteng Atas"],
      ["mall", "Mal Ambasador — Lantai Dasar Pintu Timur", "Jl. Prof. Dr. Satrio", "Karet Kuningan", { at: [-6.2239, 106.8265] }],
      ["office", "Gedung Perkantoran Epicentrum Walk — Lantai Dasar", "Jl. H.R. Rasuna Said Kav. C22", "Karet Kuningan"],
      ["office", "Menara Semanggi — Lobby Lift Zona Bawah", "Jl. Jend. Sudirman Kav. 45", "Karet Semanggi"],
      ["mall", "Gandaria City — Lantai LG Lobby Selatan", "Jl. Sultan Iskandar Muda", "Kebayoran Lama Utara", { at: [-6.2441, 106.7836] }],
      ["station", "Stasiun Kebayoran — Pintu Timur", "Jl. Masjid Al-Huda", "Kebayoran Lama Utara", { at: [-6.2373, 106.7827] }],
      ["mall", "Pondok Indah Mall 2 — Lantai Dasar dekat Valet", "Jl. Metro Pondok Indah", "Pondok Pinang", { at: [-6.2655, 106.7838] }],
      ["office", "Pondok Indah Office Tower 3 — Lobby", "Jl. Sultan Iskandar Muda Kav. V-TA", "Pondok Pinang"],
      ["apartment", "Apartemen Permata Hijau Residence — Lobby Utama", "Jl. Letjen Soepeno", "Grogol Utara"],
      ["market", "Pusat Grosir Cipulir — Gedung Baru Lantai 1", "Jl. Ciledug Raya", "Cipulir"],
      ["housing", "Kompleks Bintaro Permai — Pos Satpam Utama", "Jl. Bintaro Permai Raya", "Bintaro"],
      ["office", "Menara Mampang — Lobby Lift Barat", "Jl. Mampang Prapatan Raya No. 106", "Mampang Prapatan"],
      ["apartment", "Apartemen Pejaten Park Residence — Lobby", "Jl. Pejaten Raya No. 7", "Pejaten Barat"],
      ["campus", "Universitas Nasional — Gedung Blok I", "Jl. Sawo Manila No. 61", "Pejaten Barat"],
      ["public", "Taman Margasatwa Ragunan — Pintu Barat Parkir", "Jl. Harsono RM No. 1", "Ragunan", { hours: "park" }],
      ["apartment", "Apartemen Kebagusan City Tower B", "Jl. Baung Raya No. 21", "Kebagusan"],
      ["ruko", "Rest Area Jl. Ampera Raya — Samping Kafe", "Jl. Ampera Raya No. 8", "Cilandak Timur"],
      ["housing", "Cluster Ciganjur Residence — Club House", "Jl. M. Kahfi I", "Ciganjur"],
      ["apartment", "Apartemen Lavande Residence — Lobby Tower B", "Jl. Prof. Dr. Soepomo No. 231", "Tebet Barat"],
      ["ruko", "Ruko Tebet Raya No. 44 — Samping Laundry Kiloan", "Jl. Tebet Raya No. 44", "Tebet Timur"],
      ["station", "Stasiun MRT Haji Nawi — Pintu A", "Jl. R.S. Fatmawati Raya", "Gandaria Selatan", { at: [-6.2666, 106.7972] }],
      ["station", "Stasiun MRT Cipete Raya — Pintu B", "Jl. R.S. Fatmawati Raya", "Cipete Selatan", { at: [-6.2784, 106.7975] }],
      ["apartment", "Apartemen Pancoran Riverside — Lobby Tower A", "Jl. Pengadegan Timur Raya", "Pengadegan"],
      ["station", "Stasiun Universitas Pancasila — Pintu Barat", "Jl. Raya Lenteng Agung", "Srengseng Sawah", { at: [-6.3388, 106.8346] }],
    ],
  },
  {
    area: "Jakarta Utara",
    prefix: "JKU",
    city: "Jakarta Utara",
    province: "DKI Jakarta",
    kelurahan: {
      "Kelapa Gading Barat": ["Kelapa Gading", "14240", -6.157, 106.9],
      "Kelapa Gading Timur": ["Kelapa Gading", "14240", -6.163, 106.91],
      "Pegangsaan Dua": ["Kelapa Gading", "14250", -6.152, 106.918],
      "Sunter Agung": ["Tanjung Priok", "14350", -6.14, 106.865],
      "Sunter Jaya": ["Tanjung Priok", "14350", -6.148, 106.872],
      Papanggo: ["Tanjung Priok", "14340", -6.134, 106.874],
      "Tanjung Priok": ["Tanjung Priok", "14310", -6.112, 106.882],
      Penjaringan: ["Penjaringan", "14440", -6.126, 106.8],
      Pluit: ["Penjaringan", "14450", -6.118, 106.791],
      "Kamal Muara": ["Penjaringan", "14470", -6.108, 106.742],
      "Kapuk Muara": ["Penjaringan", "14460", -6.126, 106.765],
      "Pademangan Timur": ["Pademangan", "14410", -6.142, 106.846],
      Ancol: ["Pademangan", "14430", -6.127, 106.838],
      Koja: ["Koja", "14220", -6.118, 106.905],
      "Tugu Utara": ["Koja", "14260", -6.124, 106.915],
      Cilincing: ["Cilincing", "14120", -6.12, 106.945],
      "Semper Barat": ["Cilincing", "14130", -6.135, 106.926],
      Rorotan: ["Cilincing", "14140", -6.14, 106.96],
    },
    places: [
      ["mall", "Mal Kelapa Gading 3 — Lantai Dasar dekat Lobby Valet", "Jl. Boulevard Kelapa Gading Blok M", "Kelapa Gading Timur", { at: [-6.1575, 106.908] }],
      ["apartment", "Apartemen Gading Nias Residence Tower Emerald", "Jl. Pegangsaan Dua No. 3", "Pegangsaan Dua"],
      ["station", "Stasiun Tanjung Priok — Hall Utama", "Jl. Taman Stasiun Tanjung Priok No. 1", "Tanjung Priok", { at: [-6.1103, 106.8816] }],
      ["mall", "Mal Artha Gading — Lantai Dasar Pintu Timur", "Jl. Artha Gading Selatan No. 1", "Kelapa Gading Barat"],
      ["office", "Gedung Perkantoran Sunter Permai — Lobby", "Jl. Danau Sunter Selatan Blok O", "Sunter Jaya"],
      ["apartment", "Apartemen Green Bay Pluit Tower E", "Jl. Pluit Karang Ayu", "Pluit", { at: [-6.1115, 106.7788] }],
      ["mall", "Emporium Pluit Mall — Lantai 1 dekat Lobby Utara", "Jl. Pluit Selatan Raya", "Penjaringan", { at: [-6.1273, 106.7909] }],
      ["station", "Stasiun Kampung Bandan — Pintu Selatan", "Jl. Kampung Bandan", "Ancol", { at: [-6.1325, 106.8293] }],
      ["mall", "PIK Avenue — Lobby Selatan", "Jl. Pantai Indah Kapuk Boulevard", "Kamal Muara", { at: [-6.109, 106.741] }],
      ["campus", "Universitas 17 Agustus 1945 Jakarta — Gedung A", "Jl. Sunter Permai Raya", "Sunter Agung"],
      ["hospital", "RSUD Koja — Lobby Gedung Baru", "Jl. Deli No. 4", "Koja"],
      ["apartment", "Apartemen Gading Mediterania Residence — Tower Bougenville", "Jl. Boulevard Bukit Gading Raya", "Kelapa Gading Barat"],
      ["public", "Jakarta International Stadium — Gate 1 Parkir", "Jl. Sunter Permai Raya", "Papanggo", { at: [-6.127, 106.8657], hours: "day6to22" }],
      ["ruko", "Ruko Plumpang Semper — Depan Apotek", "Jl. Plumpang Semper No. 18", "Tugu Utara"],
      ["mall", "Baywalk Mall Pluit — Lantai Ground", "Jl. Pluit Karang Ayu", "Pluit"],
      ["housing", "Kompleks Muara Karang Blok 8 — Pos Satpam", "Jl. Muara Karang Raya", "Pluit"],
      ["public", "JIExpo Kemayoran — Pintu 1 Hall A", "Jl. Benyamin Suaeb", "Pademangan Timur", { at: [-6.1465, 106.8458] }],
      ["apartment", "Apartemen Springhill Terrace Tower Sandalwood", "Jl. Benyamin Suaeb Blok D10", "Pademangan Timur"],
      ["station", "Stasiun Ancol — Pintu Utara", "Jl. R.E. Martadinata", "Ancol", { at: [-6.1276, 106.8447] }],
      ["public", "Kawasan Pantai Ancol — Gerbang Barat Parkir", "Jl. Lodan Timur No. 7", "Ancol", { hours: "h24" }],
      ["apartment", "Apartemen Mitra Bahari Tower A", "Jl. Pakin No. 1", "Penjaringan"],
      ["ruko", "Rukan Pantai Indah Kapuk Blok C — Samping ATM", "Jl. Pantai Indah Utara 2", "Kapuk Muara"],
      ["housing", "Kompleks Kelapa Gading Permai Blok PF — Pos Keamanan", "Jl. Kelapa Puan Raya", "Kelapa Gading Timur"],
      ["office", "Gedung Perkantoran Enggano — Lobby Barat", "Jl. Enggano No. 5", "Tanjung Priok"],
      ["housing", "Perumahan Cilincing Indah — Pos Satpam", "Jl. Cilincing Raya", "Cilincing"],
      ["ruko", "Ruko Kramat Jaya Semper — Samping Konter Pulsa", "Jl. Kramat Jaya Raya", "Semper Barat"],
      ["apartment", "Apartemen Sunter Park View — Lobby Tower C", "Jl. Yos Sudarso Kav. 1", "Sunter Jaya"],
      ["housing", "Perumahan Rorotan Residence — Club House", "Jl. Rorotan Raya", "Rorotan"],
      ["market", "Pasar Koja Baru — Pintu Utama", "Jl. Mindi Raya", "Koja"],
      ["mall", "Pusat Niaga Kelapa Gading Trade Center — Pintu Barat", "Jl. Boulevard Barat Raya", "Kelapa Gading Barat"],
    ],
  },
  {
    area: "Jakarta Barat",
    prefix: "JKB",
    city: "Jakarta Barat",
    province: "DKI Jakarta",
    kelurahan: {
      Grogol: ["Grogol Petamburan", "11450", -6.163, 106.79],
      "Tanjung Duren Selatan": ["Grogol Petamburan", "11470", -6.176, 106.788],
      Tomang: ["Grogol Petamburan", "11440", -6.176, 106.799],
      Jelambar: ["Grogol Petamburan", "11460", -6.155, 106.785],
      "Kebon Jeruk": ["Kebon Jeruk", "11530", -6.192, 106.77],
      "Kedoya Selatan": ["Kebon Jeruk", "11520", -6.18, 106.76],
      "Duri Kepa": ["Kebon Jeruk", "11510", -6.175, 106.775],
      "Kembangan Selatan": ["Kembangan", "11610", -6.188, 106.738],
      "Kembangan Utara": ["Kembangan", "11610", -6.165, 106.745],
      "Meruya Utara": ["Kembangan", "11620", -6.195, 106.745],
      "Meruya Selatan": ["Kembangan", "11650", -6.208, 106.739],
      Kemanggisan: ["Palmerah", "11480", -6.198, 106.785],
      Slipi: ["Palmerah", "11410", -6.194, 106.799],
      Palmerah: ["Palmerah", "11480", -6.205, 106.796],
      Glodok: ["Taman Sari", "11120", -6.146, 106.814],
      Pinangsia: ["Taman Sari", "11110", -6.137, 106.815],
      "Mangga Besar": ["Taman Sari", "11180", -6.15, 106.818],
      "Jembatan Besi": ["Tambora", "11320", -6.151, 106.795],
      "Cengkareng Barat": ["Cengkareng", "11730", -6.145, 106.725],
      Kapuk: ["Cengkareng", "11720", -6.135, 106.75],
      "Rawa Buaya": ["Cengkareng", "11740", -6.162, 106.722],
      "Kedaung Kali Angke": ["Cengkareng", "11710", -6.158, 106.765],
      Kalideres: ["Kalideres", "11840", -6.147, 106.703],
      Pegadungan: ["Kalideres", "11830", -6.134, 106.706],
      Semanan: ["Kalideres", "11850", -6.157, 106.695],
    },
    places: [
      ["mall", "Central Park Mall — Lantai LG dekat Lobby Utama", "Jl. Letjen S. Parman Kav. 28", "Tanjung Duren Selatan", { at: [-6.1775, 106.7908] }],
      ["apartment", "Apartemen Mediterania Garden Residences 2 Tower Lavender", "Jl. Tanjung Duren Raya Kav. 5–9", "Tanjung Duren Selatan"],
      ["campus", "Universitas Tarumanagara — Gedung M Lantai Dasar", "Jl. Letjen S. Parman No. 1", "Tomang", { at: [-6.1693, 106.79] }],
      ["station", "Stasiun Grogol — Pintu Selatan", "Jl. Prof. Dr. Latumenten", "Jelambar", { at: [-6.1611, 106.79] }],
      ["mall", "Mal Taman Anggrek — Lantai Dasar Pintu Barat", "Jl. Letjen S. Parman Kav. 21", "Tanjung Duren Selatan", { at: [-6.1786, 106.7923] }],
      ["office", "Menara Slipi — Lobby Utama", "Jl. Letjen S. Parman Kav. 59", "Slipi"],
      ["campus", "Universitas Trisakti — Gedung Syarif Thayeb", "Jl. Kyai Tapa No. 1", "Grogol", { at: [-6.1676, 106.791] }],
      ["campus", "Kampus Anggrek — Lobby Gedung Utama", "Jl. Kebon Jeruk Raya No. 27", "Kemanggisan", { at: [-6.2015, 106.7823] }],
      ["mall", "Puri Indah Mall — Lantai Dasar Atrium Selatan", "Jl. Puri Agung", "Kembangan Selatan", { at: [-6.188, 106.7338] }],
      ["office", "Puri Indah Financial Tower — Lobby", "Jl. Puri Lingkar Dalam Blok T8", "Kembangan Selatan"],
      ["station", "Stasiun Taman Kota — Pintu Utara", "Jl. Taman Kota", "Kembangan Utara", { at: [-6.1576, 106.7553] }],
      ["station", "Stasiun Pesing — Pintu Timur", "Jl. Daan Mogot", "Kedaung Kali Angke", { at: [-6.1625, 106.7704] }],
      ["station", "Stasiun Bojong Indah — Pintu Utara", "Jl. Bojong Indah Raya", "Rawa Buaya", { at: [-6.1612, 106.7348] }],
      ["apartment", "Apartemen Daan Mogot City Tower C", "Jl. Daan Mogot KM 14", "Kalideres"],
      ["station", "Stasiun Rawa Buaya — Pintu Selatan", "Jl. Rawa Buaya", "Rawa Buaya", { at: [-6.1629, 106.722] }],
      ["public", "Terminal Bus Kalideres — Lobby Keberangkatan", "Jl. Daan Mogot KM 16", "Kalideres", { at: [-6.1516, 106.709], hours: "h24" }],
      ["station", "Stasiun Kalideres — Pintu Utama", "Jl. Semanan Raya", "Semanan", { at: [-6.1556, 106.7045] }],
      ["mall", "Mal Daan Mogot — Lantai Dasar Lobby Barat", "Jl. Daan Mogot KM 16", "Kalideres"],
      ["housing", "Perumahan Taman Surya 5 — Pos Satpam Utama", "Jl. Taman Surya V", "Pegadungan"],
      ["ruko", "Ruko Citra Garden 2 — Samping Bakery", "Jl. Peta Selatan", "Pegadungan"],
      ["mall", "Mal Taman Palem — Lantai Dasar", "Jl. Kamal Raya Outer Ring Road", "Cengkareng Barat"],
      ["hospital", "RSUD Cengkareng — Lobby Gedung A", "Jl. Bumi Cengkareng Indah No. 1", "Kapuk"],
      ["mall", "Seasons City — Lantai Dasar Pintu Utara", "Jl. Prof. Dr. Latumenten No. 33", "Jembatan Besi"],
      ["station", "Stasiun Jakarta Kota — Hall Utama", "Jl. Lada No. 1", "Pinangsia", { at: [-6.1376, 106.8144] }],
      ["public", "Museum Fatahillah — Area Parkir Kota Tua", "Jl. Taman Fatahillah No. 1", "Pinangsia", { hours: "museum" }],
      ["market", "Pasar Glodok — Lantai Dasar dekat Eskalator", "Jl. Hayam Wuruk No. 127", "Glodok"],
      ["apartment", "Apartemen Gajah Mada Mediterania — Lobby", "Jl. Gajah Mada No. 174", "Glodok"],
      ["mall", "Lokasari Plaza — Lantai Dasar", "Jl. Mangga Besar Raya No. 81", "Mangga Besar"],
      ["campus", "Universitas Mercu Buana — Gedung D Lantai Dasar", "Jl. Meruya Selatan No. 1", "Meruya Selatan", { at: [-6.21, 106.7387] }],
      ["office", "Kebon Jeruk Business Park — Blok D", "Jl. Meruya Ilir Raya No. 88", "Meruya Utara"],
      ["apartment", "Apartemen Kedoya Elok — Lobby Menara 2", "Jl. Panjang No. 5", "Kedoya Selatan"],
      ["ruko", "Ruko Green Ville Blok AX — Depan Kedai Kopi", "Jl. Green Ville Raya", "Duri Kepa"],
      ["public", "Taman Cattleya — Gerbang Utara", "Jl. Letjen S. Parman", "Tomang", { hours: "day5to23" }],
      ["apartment", "Apartemen Grand Slipi Tower — Lobby", "Jl. Letjen S. Parman Kav. 22–24", "Palmerah"],
      ["mall", "Mal Ciputra Jakarta — Lobby Selatan", "Jl. Arteri S. Parman", "Grogol"],
      ["ruko", "Ruko Kebon Jeruk Raya No. 12 — Samping Apotek", "Jl. Raya Kebon Jeruk No. 12", "Kebon Jeruk"],
    ],
  },
  {
    area: "Jakarta Timur",
    prefix: "JKT",
    city: "Jakarta Timur",
    province: "DKI Jakarta",
    kelurahan: {
      Rawamangun: ["Pulo Gadung", "13220", -6.195, 106.885],
      "Jatinegara Kaum": ["Pulo Gadung", "13250", -6.202, 106.9],
      "Bali Mester": ["Jatinegara", "13310", -6.217, 106.869],
      "Cipinang Besar Selatan": ["Jatinegara", "13410", -6.226, 106.877],
      Cawang: ["Kramat Jati", "13630", -6.248, 106.87],
      Cililitan: ["Kramat Jati", "13640", -6.261, 106.867],
      "Kramat Jati": ["Kramat Jati", "13510", -6.27, 106.869],
      "Halim Perdana Kusuma": ["Makasar", "13610", -6.262, 106.89],
      "Cipinang Melayu": ["Makasar", "13620", -6.248, 106.905],
      "Pinang Ranti": ["Makasar", "13560", -6.29, 106.883],
      Ceger: ["Cipayung", "13820", -6.302, 106.895],
      Rambutan: ["Ciracas", "13830", -6.308, 106.881],
      Ciracas: ["Ciracas", "13740", -6.323, 106.872],
      Cibubur: ["Ciracas", "13720", -6.365, 106.884],
      Cijantung: ["Pasar Rebo", "13770", -6.319, 106.861],
      Gedong: ["Pasar Rebo", "13760", -6.306, 106.865],
      "Pondok Bambu": ["Duren Sawit", "13430", -6.233, 106.903],
      "Duren Sawit": ["Duren Sawit", "13440", -6.234, 106.915],
      "Pondok Kelapa": ["Duren Sawit", "13450", -6.24, 106.933],
      Klender: ["Duren Sawit", "13470", -6.217, 106.905],
      "Malaka Sari": ["Duren Sawit", "13460", -6.223, 106.93],
      "Jatinegara Cakung": ["Cakung", "13930", -6.21, 106.923],
      "Pulo Gebang": ["Cakung", "13950", -6.208, 106.95],
      "Cakung Timur": ["Cakung", "13910", -6.175, 106.952],
      "Pisangan Baru": ["Matraman", "13110", -6.208, 106.872],
      "Kebon Manggis": ["Matraman", "13150", -6.209, 106.86],
      "Kayu Manis": ["Matraman", "13130", -6.199, 106.864],
      "Utan Kayu Utara": ["Matraman", "13120", -6.199, 106.871],
    },
    places: [
      ["mall", "Arion Mall — Lantai Dasar dekat Lobby Utama", "Jl. Pemuda Kav. 3–4", "Rawamangun", { at: [-6.193, 106.89] }],
      ["campus", "Universitas Negeri Jakarta — Gedung Dewi Sartika Lantai Dasar", "Jl. Rawamangun Muka", "Rawamangun", { at: [-6.1946, 106.8795] }],
      ["apartment", "Apartemen Bassura City Tower F", "Jl. Jend. Basuki Rachmat No. 1A", "Cipinang Besar Selatan", { at: [-6.2238, 106.8772] }],
      ["station", "Stasiun Jatinegara — Pintu Utama", "Jl. Raya Bekasi Barat", "Pisangan Baru", { at: [-6.215, 106.8703] }],
      ["mall", "PGC Cililitan — Lantai Dasar Pintu Timur", "Jl. Mayjen Sutoyo No. 76", "Cililitan", { at: [-6.2623, 106.8662] }],
      ["campus", "Universitas Kristen Indonesia — Gedung Rektorat", "Jl. Mayjen Sutoyo No. 2", "Cawang", { at: [-6.2496, 106.8727] }],
      ["station", "Stasiun Cawang — Pintu Barat", "Jl. M.T. Haryono", "Cawang", { at: [-6.2427, 106.8587] }],
      ["public", "Stasiun Kereta Cepat Halim — Lobby Keberangkatan", "Jl. Raya Halim Perdana Kusuma", "Halim Perdana Kusuma", { at: [-6.2467, 106.8932], hours: "day5to23" }],
      ["mall", "Tamini Square — Lantai Dasar", "Jl. Raya Taman Mini", "Pinang Ranti", { at: [-6.2913, 106.8815] }],
      ["public", "Taman Mini Indonesia Indah — Pintu 1 Parkir Utama", "Jl. Raya Taman Mini", "Ceger", { at: [-6.3025, 106.8952], hours: "day6to22" }],
      ["public", "Terminal Kampung Rambutan — Lobby AKAP", "Jl. Lingkar Luar Selatan", "Rambutan", { at: [-6.3088, 106.8823], hours: "h24" }],
      ["mall", "Mal Cijantung — Lantai Dasar", "Jl. Raya Bogor KM 24", "Cijantung", { at: [-6.3197, 106.8625] }],
      ["hospital", "RSUD Pasar Rebo — Lobby Rawat Jalan", "Jl. T.B. Simatupang No. 30", "Gedong"],
      ["station", "Stasiun LRT Ciracas — Pintu Utara", "Jl. Raya Bogor", "Ciracas", { at: [-6.3236, 106.8869] }],
      ["mall", "Cibubur Junction — Lantai Dasar Pintu Selatan", "Jl. Jambore No. 1", "Cibubur", { at: [-6.369, 106.8932] }],
      ["mall", "Buaran Plaza — Lantai Dasar", "Jl. Radin Inten II", "Duren Sawit", { at: [-6.2175, 106.9215] }],
      ["station", "Stasiun Klender — Pintu Selatan", "Jl. Bekasi Timur Raya", "Jatinegara Kaum", { at: [-6.2133, 106.8996] }],
      ["station", "Stasiun Buaran — Pintu Utara", "Jl. Raya Bekasi KM 17", "Klender", { at: [-6.2159, 106.9283] }],
      ["station", "Stasiun Cakung — Pintu Selatan", "Jl. Stasiun Cakung", "Jatinegara Cakung", { at: [-6.2196, 106.9524] }],
      ["public", "Terminal Terpadu Pulo Gebang — Lobby Keberangkatan Lantai 2", "Jl. Sentra Primer Baru Timur", "Pulo Gebang", { at: [-6.2111, 106.9534], hours: "h24" }],
      ["apartment", "Apartemen Sentra Timur Residence Tower Orange", "Jl. Sentra Primer Baru Timur", "Pulo Gebang"],
      ["mall", "Mal Jakarta Garden City — Lantai Dasar dekat Lobby Barat", "Jl. Cakung Cilincing KM 0,5", "Cakung Timur", { at: [-6.171, 106.947] }],
      ["office", "Kawasan Industri Pulogadung — Gedung Pengelola", "Jl. Pulogadung No. 1", "Jatinegara Cakung", { at: [-6.196, 106.912] }],
      ["ruko", "Ruko Pramuka Raya No. 12 — Samping Apotek", "Jl. Pramuka Raya No. 12", "Utan Kayu Utara"],
      ["apartment", "Apartemen Matraman Residence — Lobby Tower A", "Jl. Matraman Raya No. 150", "Kebon Manggis"],
      ["market", "Pasar Jatinegara — Lantai Dasar Pintu Utara", "Jl. Matraman Raya", "Bali Mester"],
      ["campus", "Universitas Borobudur — Gedung A", "Jl. Raya Kalimalang No. 1", "Cipinang Melayu"],
      ["station", "Stasiun Pondok Jati — Pintu Barat", "Jl. Pondok Jati", "Kayu Manis", { at: [-6.2056, 106.8664] }],
      ["housing", "Perumahan Pondok Kelapa — Pos Satpam Blok B", "Jl. Raya Pondok Kelapa", "Pondok Kelapa"],
      ["ruko", "Ruko Tarum Barat Kalimalang — Dekat Apotek", "Jl. Tarum Barat", "Malaka Sari"],
      ["hospital", "Rumah Sakit Kramat Jati — Lobby Utama", "Jl. Raya Bogor No. 1", "Kramat Jati"],
      ["market", "Pasar Induk Kramat Jati — Gedung Pengelola", "Jl. Raya Bogor KM 17", "Kramat Jati"],
      ["mall", "Mal Cipinang Indah — Lantai Dasar Pintu Barat", "Jl. Raya Kalimalang", "Pondok Bambu"],
      ["station", "Stasiun LRT Kampung Rambutan — Pintu Selatan", "Jl. Lingkar Luar Selatan", "Rambutan", { at: [-6.3095, 106.8851] }],
    ],
  },
  {
    area: "Bogor",
    prefix: "BGR",
    city: "Kota Bogor",
    province: "Jawa Barat",
    kelurahan: {
      Cibogor: ["Bogor Tengah", "16124", -6.592, 106.789],
      Paledang: ["Bogor Tengah", "16122", -6.601, 106.794],
      Tegallega: ["Bogor Tengah", "16127", -6.577, 106.807],
      "Kebon Kelapa": ["Bogor Tengah", "16125", -6.6, 106.788],
      Baranangsiang: ["Bogor Timur", "16143", -6.605, 106.808],
      Sukasari: ["Bogor Timur", "16142", -6.615, 106.805],
      Katulampa: ["Bogor Timur", "16144", -6.62, 106.83],
      Batutulis: ["Bogor Selatan", "16133", -6.623, 106.8],
      "Tanah Baru": ["Bogor Utara", "16154", -6.563, 106.81],
      "Tegal Gundil": ["Bogor Utara", "16152", -6.57, 106.815],
      "Kedung Badak": ["Tanah Sareal", "16164", -6.56, 106.793],
      Cibadak: ["Tanah Sareal", "16166", -6.547, 106.78],
      "Curug Mekar": ["Bogor Barat", "16113", -6.558, 106.767],
      Menteng: ["Bogor Barat", "16111", -6.58, 106.775],
      Citaringgul: ["Babakan Madang", "16810", -6.562, 106.86, KAB_BOGOR],
      Pakansari: ["Cibinong", "16915", -6.487, 106.837, KAB_BOGOR],
      Tengah: ["Cibinong", "16914", -6.482, 106.844, KAB_BOGOR],
      "Pondok Rajeg": ["Cibinong", "16914", -6.466, 106.85, KAB_BOGOR],
      Bojonggede: ["Bojonggede", "16920", -6.493, 106.795, KAB_BOGOR],
      "Cilebut Barat": ["Sukaraja", "16710", -6.531, 106.8, KAB_BOGOR],
      Cileungsi: ["Cileungsi", "16820", -6.395, 106.959, KAB_BOGOR],
      Ciangsana: ["Gunung Putri", "16968", -6.369, 106.948, KAB_BOGOR],
      Babakan: ["Dramaga", "16680", -6.556, 106.727, KAB_BOGOR],
      Bendungan: ["Ciawi", "16720", -6.632, 106.851, KAB_BOGOR],
    },
    places: [
      ["station", "Stasiun Bogor — Pintu Utama Nyi Raja Permas", "Jl. Nyi Raja Permas No. 1", "Cibogor", { at: [-6.5953, 106.7906] }],
      ["mall", "Botani Square — Lantai Dasar dekat Lobby Utara", "Jl. Raya Pajajaran No. 40", "Tegallega", { at: [-6.6012, 106.8071] }],
      ["campus", "Kampus IPB Baranangsiang — Gedung Rektorat Lama", "Jl. Raya Pajajaran No. 1", "Baranangsiang"],
      ["public", "Kebun Raya Bogor — Pintu Utama Parkir", "Jl. Ir. H. Juanda No. 13", "Paledang", { at: [-6.5977, 106.7996], hours: "day6to22" }],
      ["station", "Stasiun Bogor Paledang — Pintu Selatan", "Jl. Paledang", "Paledang", { at: [-6.5996, 106.7912] }],
      ["mall", "Ekalokasari Plaza — Lantai Dasar Lobby Selatan", "Jl. Siliwangi No. 123", "Sukasari", { at: [-6.6134, 106.8109] }],
      ["mall", "Bogor Trade Mall — Lantai Dasar", "Jl. Ir. H. Juanda No. 68", "Paledang", { at: [-6.6047, 106.7963] }],
      ["market", "Pasar Anyar Bogor — Lantai Dasar", "Jl. Dewi Sartika", "Kebon Kelapa"],
      ["mall", "Mal Jambu Dua — Lantai Dasar", "Jl. Raya Pajajaran, Jambu Dua", "Tanah Baru", { at: [-6.5652, 106.8081] }],
      ["ruko", "Ruko Pandu Raya — Depan Kafe", "Jl. Pandu Raya No. 45", "Tegal Gundil"],
      ["apartment", "Apartemen Bogor Valley — Lobby Tower A", "Jl. K.H. Sholeh Iskandar", "Kedung Badak"],
      ["housing", "Perumahan Bukit Cimanggu City — Pos Satpam", "Jl. K.H. Sholeh Iskandar", "Cibadak"],
      ["ruko", "Ruko Taman Yasmin — Samping Bakery", "Jl. K.H. Abdullah bin Nuh", "Curug Mekar"],
      ["hospital", "RSUD Kota Bogor — Lobby Rawat Jalan", "Jl. Dr. Sumeru No. 120", "Menteng"],
      ["station", "Stasiun Batu Tulis — Pintu Utama", "Jl. Batu Tulis", "Batutulis", { at: [-6.6238, 106.8067] }],
      ["public", "Kawasan Factory Outlet Tajur — Area Parkir", "Jl. Raya Tajur No. 27", "Katulampa", { hours: "mall10to22" }],
      ["mall", "Mal Sentul City — Lantai Dasar dekat Lobby Selatan", "Jl. M.H. Thamrin, Sentul City", "Citaringgul", { at: [-6.5628, 106.8545] }],
      ["housing", "Sentul City Cluster Pine Forest — Club House", "Jl. Pine Forest Raya, Sentul City", "Citaringgul"],
      ["mall", "Cibinong City Mall — Lantai Dasar dekat ATM", "Jl. Tegar Beriman No. 1", "Pakansari", { at: [-6.4853, 106.8417] }],
      ["public", "Stadion Pakansari — Gerbang Utama", "Jl. Raya Pakansari", "Pakansari", { hours: "day6to22" }],
      ["office", "Kompleks Perkantoran Tegar Beriman — Gedung Pelayanan", "Jl. Tegar Beriman No. 1", "Tengah", { hours: "government" }],
      ["station", "Stasiun Cibinong — Pintu Timur", "Jl. Raya Cibinong–Bojonggede", "Pondok Rajeg", { at: [-6.469, 106.8528] }],
      ["station", "Stasiun Bojonggede — Pintu Barat", "Jl. Raya Bojonggede", "Bojonggede", { at: [-6.4932, 106.795] }],
      ["station", "Stasiun Cilebut — Pintu Timur", "Jl. Raya Cilebut", "Cilebut Barat", { at: [-6.5306, 106.8006] }],
      ["mall", "Mal Cileungsi Trans Yogi — Lantai Dasar", "Jl. Alternatif Cibubur–Cileungsi KM 4", "Cileungsi"],
      ["housing", "Perumahan Kota Wisata Cibubur — Pos Satpam Cluster Monaco", "Jl. Transyogi KM 6", "Ciangsana"],
      ["ruko", "Ruko Kawasan Niaga Kota Wisata — Blok SB", "Jl. Boulevard Kota Wisata", "Ciangsana"],
      ["campus", "Kampus IPB Dramaga — Gedung Common Class Room", "Jl. Raya Dramaga", "Babakan", { at: [-6.5583, 106.7291] }],
      ["ruko", "Ruko Babakan Raya — Samping Fotokopi", "Jl. Babakan Raya No. 9", "Babakan"],
      ["ruko", "Rest Area Ciawi — Dekat Minimarket", "Jl. Raya Puncak–Gadog", "Bendungan"],
    ],
  },
  {
    area: "Depok",
    prefix: "DPK",
    city: "Kota Depok",
    province: "Jawa Barat",
    kelurahan: {
      "Pondok Cina": ["Beji", "16424", -6.368, 106.832],
      "Kemiri Muka": ["Beji", "16423", -6.375, 106.83],
      Kukusan: ["Beji", "16425", -6.365, 106.818],
      Depok: ["Pancoran Mas", "16431", -6.402, 106.818],
      "Depok Jaya": ["Pancoran Mas", "16432", -6.395, 106.815],
      "Mekar Jaya": ["Sukmajaya", "16411", -6.395, 106.83],
      Baktijaya: ["Sukmajaya", "16418", -6.39, 106.845],
      Sukmajaya: ["Sukmajaya", "16412", -6.4, 106.838],
      Mekarsari: ["Cimanggis", "16452", -6.375, 106.875],
      Tugu: ["Cimanggis", "16451", -6.365, 106.86],
      Jatijajar: ["Tapos", "16451", -6.407, 106.862],
      Kalibaru: ["Cilodong", "16414", -6.425, 106.84],
      Cinere: ["Cinere", "16514", -6.33, 106.783],
      Limo: ["Limo", "16515", -6.36, 106.775],
      "Sawangan Baru": ["Sawangan", "16511", -6.4, 106.77],
      "Ratu Jaya": ["Cipayung", "16439", -6.448, 106.806],
    },
    places: [
      ["station", "Stasiun Depok Baru — Pintu Timur", "Jl. Stasiun Depok Baru", "Depok Jaya", { at: [-6.391, 106.817] }],
      ["mall", "Margo City — Lantai Dasar dekat Lobby Utama", "Jl. Margonda Raya No. 358", "Kemiri Muka", { at: [-6.3727, 106.8343] }],
      ["campus", "Universitas Indonesia — Perpustakaan Pusat Lantai Dasar", "Kampus UI, Jl. Lingkar Kampus Raya", "Pondok Cina", { at: [-6.3653, 106.8283] }],
      ["station", "Stasiun Pondok Cina — Pintu Timur", "Jl. Margonda Raya", "Pondok Cina", { at: [-6.369, 106.8322] }],
      ["mall", "Depok Town Square — Lantai Dasar Pintu Samping", "Jl. Margonda Raya No. 1", "Pondok Cina", { at: [-6.3717, 106.8322] }],
      ["apartment", "Apartemen Margonda Residence 5 — Lobby", "Jl. Margonda Raya No. 525A", "Pondok Cina"],
      ["campus", "Universitas Gunadarma Kampus D — Gedung 1", "Jl. Margonda Raya No. 100", "Pondok Cina", { at: [-6.3683, 106.8331] }],
      ["station", "Stasiun Universitas Indonesia — Pintu Barat", "Kampus UI", "Pondok Cina", { at: [-6.3608, 106.8317] }],
      ["hospital", "Rumah Sakit Universitas Indonesia — Lobby Rawat Jalan", "Jl. Prof. Dr. Bahder Djohan", "Pondok Cina"],
      ["campus", "Politeknik Negeri Jakarta — Gedung Direktorat", "Jl. Prof. Dr. G.A. Siwabessy, Kampus UI", "Kukusan", { at: [-6.3713, 106.8242] }],
      ["station", "Stasiun Depok — Pintu Barat", "Jl. Stasiun Depok", "Depok", { at: [-6.4049, 106.8174] }],
      ["mall", "Depok Mall — Lantai Dasar", "Jl. Margonda Raya No. 88", "Depok", { at: [-6.3916, 106.8224] }],
      ["office", "Balai Kota Depok — Lobby Gedung Dibaleka", "Jl. Margonda Raya No. 54", "Depok", { hours: "government" }],
      ["mall", "Cinere Bellevue Mall — Lobby Barat", "Jl. Cinere Raya No. 100", "Cinere", { at: [-6.332, 106.7838] }],
      ["apartment", "Apartemen Cinere Resort — Lobby Tower Fortune", "Jl. Cinere Raya", "Cinere"],
      ["station", "Stasiun Citayam — Pintu Timur", "Jl. Raya Citayam", "Ratu Jaya", { at: [-6.4485, 106.8025] }],
      ["mall", "Pusat Perbelanjaan Cimanggis — Lantai Dasar", "Jl. Raya Bogor KM 29", "Mekarsari"],
      ["housing", "Perumahan Grand Depok City — Pos Satpam Cluster Anggrek", "Jl. Boulevard Grand Depok City", "Kalibaru"],
      ["public", "Alun-Alun Kota Depok — Pintu Selatan", "Jl. Boulevard Grand Depok City", "Kalibaru", { hours: "day5to23" }],
      ["ruko", "Ruko Sawangan Permai — Samping Warung Kopi", "Jl. Raya Sawangan No. 23", "Sawangan Baru"],
      ["housing", "Perumahan Pesona Khayangan — Club House", "Jl. Pesona Khayangan Raya", "Mekar Jaya"],
      ["market", "Pasar Segar Depok — Area Parkir Depan", "Jl. Tole Iskandar", "Sukmajaya"],
      ["ruko", "Ruko Jl. Ir. H. Juanda No. 36 — Samping Apotek", "Jl. Ir. H. Juanda No. 36", "Baktijaya"],
      ["public", "Terminal Jatijajar — Lobby Keberangkatan", "Jl. Raya Bogor", "Jatijajar", { hours: "h24" }],
      ["housing", "Perumahan Villa Meruyung — Pos Satpam", "Jl. Raya Meruyung", "Limo"],
      ["apartment", "Apartemen Taman Melati Margonda — Lobby Tower B", "Jl. Margonda Raya No. 525", "Pondok Cina"],
      ["ruko", "Ruko Tugu Raya — Depan Minimarket", "Jl. Tugu Raya No. 17", "Tugu"],
    ],
  },
  {
    area: "Tangerang",
    prefix: "TNG",
    city: "Kota Tangerang",
    province: "Banten",
    kelurahan: {
      Sukarasa: ["Tangerang", "15111", -6.177, 106.634],
      Cikokol: ["Tangerang", "15117", -6.195, 106.638],
      "Buaran Indah": ["Tangerang", "15119", -6.187, 106.628],
      "Poris Gaga": ["Batuceper", "15122", -6.163, 106.668],
      Batuceper: ["Batuceper", "15122", -6.165, 106.659],
      "Poris Plawad": ["Cipondoh", "15141", -6.168, 106.647],
      Cipondoh: ["Cipondoh", "15148", -6.185, 106.676],
      Benda: ["Benda", "15125", -6.13, 106.675],
      Pajang: ["Benda", "15126", -6.124, 106.66],
      "Sudimara Timur": ["Ciledug", "15151", -6.227, 106.71],
      Tajur: ["Ciledug", "15152", -6.22, 106.703],
      "Larangan Indah": ["Larangan", "15154", -6.228, 106.731],
      Kreo: ["Larangan", "15156", -6.242, 106.735],
      Panunggangan: ["Pinang", "15143", -6.212, 106.643],
      Gandasari: ["Jatiuwung", "15137", -6.2, 106.59],
      "Cibodas Baru": ["Cibodas", "15138", -6.2, 106.6],
      Bencongan: ["Kelapa Dua", "15810", -6.224, 106.607, KAB_TANGERANG],
      "Curug Sangereng": ["Kelapa Dua", "15810", -6.25, 106.625, KAB_TANGERANG],
      "Pakulonan Barat": ["Kelapa Dua", "15810", -6.239, 106.633, KAB_TANGERANG],
      Binong: ["Curug", "15810", -6.228, 106.599, KAB_TANGERANG],
      Sampora: ["Cisauk", "15345", -6.302, 106.643, KAB_TANGERANG],
      Pagedangan: ["Pagedangan", "15339", -6.297, 106.636, KAB_TANGERANG],
    },
    places: [
      ["station", "Stasiun Tangerang — Pintu Utama", "Jl. Kiasnawi", "Sukarasa", { at: [-6.1768, 106.6327] }],
      ["mall", "Tangcity Mall — Lantai Dasar Pintu Utama", "Jl. Jend. Sudirman No. 1", "Cikokol", { at: [-6.1946, 106.637] }],
      ["mall", "Supermal Karawaci — Lantai Dasar Lobby Timur", "Jl. Boulevard Diponegoro No. 105", "Bencongan", { at: [-6.2262, 106.6075] }],
      ["campus", "Kampus Lippo Village — Gedung B Lantai Dasar", "Jl. M.H. Thamrin Boulevard No. 1100", "Bencongan", { at: [-6.229, 106.6095] }],
      ["mall", "Summarecon Mal Serpong — Lantai Dasar dekat Lobby Downtown", "Jl. Boulevard Gading Serpong", "Pakulonan Barat", { at: [-6.2412, 106.6283] }],
      ["campus", "Universitas Multimedia Nusantara — Gedung New Media Tower", "Jl. Scientia Boulevard", "Curug Sangereng", { at: [-6.257, 106.6183] }],
      ["apartment", "Apartemen Scientia Residences — Lobby Tower", "Jl. Scientia Boulevard", "Curug Sangereng"],
      ["housing", "Perumahan Gading Serpong Cluster Pascal — Club House", "Jl. Gading Golf Boulevard", "Curug Sangereng"],
      ["ruko", "Ruko Boulevard Gading Serpong — Samping Kedai Teh", "Jl. Boulevard Raya Gading Serpong Blok M5", "Pakulonan Barat"],
      ["station", "Stasiun Poris — Pintu Utara", "Jl. Maulana Hasanudin", "Poris Gaga", { at: [-6.1697, 106.6694] }],
      ["station", "Stasiun Batu Ceper — Pintu Timur", "Jl. Daan Mogot", "Batuceper", { at: [-6.1665, 106.6606] }],
      ["public", "Terminal Poris Plawad — Lobby Tunggu", "Jl. Benteng Betawi", "Poris Plawad", { at: [-6.1698, 106.6454], hours: "h24" }],
      ["station", "Stasiun Bandara Soekarno-Hatta — Lobby Kereta", "Jl. Raya Bandara", "Benda", { at: [-6.126, 106.659] }],
      ["public", "Bandara Soekarno-Hatta Terminal 3 — Area Kedatangan Domestik", "Jl. Raya Bandara Soekarno-Hatta", "Pajang", { at: [-6.1232, 106.6635], hours: "h24" }],
      ["mall", "Metropolis Town Square — Lantai Dasar", "Jl. Hartono Raya, Modernland", "Cikokol", { at: [-6.201, 106.646] }],
      ["apartment", "Apartemen Ayodhya Residences — Tower Ruby", "Jl. Jend. Sudirman No. 1B", "Cikokol"],
      ["housing", "Perumahan Banjar Wijaya — Pos Satpam Cluster Akasia", "Jl. Banjar Wijaya Raya", "Cipondoh"],
      ["public", "Taman Situ Cipondoh — Gerbang Utama", "Jl. K.H. Hasyim Ashari", "Cipondoh", { hours: "day5to23" }],
      ["mall", "CBD Ciledug — Lantai Dasar dekat ATM", "Jl. H.O.S. Cokroaminoto No. 93", "Sudimara Timur"],
      ["ruko", "Ruko Ciledug Indah — Dekat Masjid Raya", "Jl. Raden Fatah No. 21", "Tajur"],
      ["ruko", "Ruko Larangan Indah — Samping Toko Roti", "Jl. Raden Saleh No. 8", "Larangan Indah"],
      ["housing", "Perumahan Puri Beta — Pos Satpam", "Jl. Puri Beta Raya", "Kreo"],
      ["office", "Kawasan Industri Jatake — Gedung Pengelola", "Jl. Industri Raya III", "Gandasari"],
      ["ruko", "Ruko Perumnas 1 Karawaci — Jl. Beringin Raya", "Jl. Beringin Raya No. 5", "Cibodas Baru"],
      ["market", "Pasar Anyar Tangerang — Lantai Dasar", "Jl. Ki Samaun", "Sukarasa"],
      ["office", "Karawaci Office Park — Blok M Lobby", "Jl. Imam Bonjol", "Panunggangan"],
      ["housing", "Perumahan Binong Permai — Pos Satpam", "Jl. Binong Permai Raya", "Binong"],
      ["office", "BSD Green Office Park — GOP 9 Lobby", "Jl. BSD Grand Boulevard", "Sampora", { at: [-6.3005, 106.6432] }],
      ["public", "ICE BSD — Hall 10 Lobby Timur", "Jl. BSD Grand Boulevard No. 1", "Pagedangan", { at: [-6.3011, 106.6363], hours: "mall10to22" }],
      ["mall", "Mal Bale Kota — Lantai Dasar", "Jl. Jend. Sudirman No. 3", "Buaran Indah"],
    ],
  },
  {
    area: "Tangerang Selatan",
    prefix: "TGS",
    city: "Kota Tangerang Selatan",
    province: "Banten",
    kelurahan: {
      "Lengkong Gudang": ["Serpong", "15321", -6.298, 106.668],
      "Rawa Mekar Jaya": ["Serpong", "15310", -6.308, 106.679],
      "Rawa Buntu": ["Serpong", "15318", -6.315, 106.675],
      Serpong: ["Serpong", "15311", -6.32, 106.665],
      Buaran: ["Serpong", "15310", -6.326, 106.676],
      Pakualam: ["Serpong Utara", "15320", -6.243, 106.654],
      Pakulonan: ["Serpong Utara", "15325", -6.245, 106.645],
      "Paku Jaya": ["Serpong Utara", "15324", -6.262, 106.655],
      "Pondok Jaya": ["Pondok Aren", "15220", -6.28, 106.723],
      "Pondok Karya": ["Pondok Aren", "15225", -6.275, 106.725],
      "Jurang Mangu Barat": ["Pondok Aren", "15223", -6.285, 106.728],
      "Jurang Mangu Timur": ["Pondok Aren", "15222", -6.268, 106.738],
      "Pondok Kacang Timur": ["Pondok Aren", "15226", -6.272, 106.707],
      Jombang: ["Ciputat", "15414", -6.3, 106.714],
      Ciputat: ["Ciputat", "15411", -6.313, 106.75],
      "Cempaka Putih": ["Ciputat Timur", "15412", -6.306, 106.756],
      "Pondok Ranji": ["Ciputat Timur", "15412", -6.28, 106.742],
      "Pamulang Barat": ["Pamulang", "15417", -6.345, 106.728],
      "Pamulang Timur": ["Pamulang", "15417", -6.34, 106.74],
      "Pondok Benda": ["Pamulang", "15416", -6.345, 106.718],
      "Benda Baru": ["Pamulang", "15418", -6.355, 106.72],
      Babakan: ["Setu", "15315", -6.34, 106.675],
      Muncul: ["Setu", "15314", -6.35, 106.67],
    },
    places: [
      ["mall", "BSD Plaza — Lantai Dasar", "Jl. Pahlawan Seribu", "Lengkong Gudang"],
      ["station", "Stasiun Rawa Buntu — Pintu Timur", "Jl. Rawa Buntu Utara", "Rawa Buntu", { at: [-6.3152, 106.6766] }],
      ["mall", "Teras Kota — Lantai Dasar dekat Lobby", "Jl. Pahlawan Seribu, CBD Lot VII B", "Lengkong Gudang"],
      ["station", "Stasiun Serpong — Pintu Selatan", "Jl. Raya Serpong", "Serpong", { at: [-6.3205, 106.6656] }],
      ["market", "Pasar Modern BSD — Area Parkir Timur", "Jl. Pahlawan Seribu Sektor 1.2", "Rawa Mekar Jaya"],
      ["mall", "BSD Junction — Lantai Dasar Pintu Timur", "Jl. Pahlawan Seribu", "Rawa Mekar Jaya"],
      ["campus", "Universitas Pamulang — Gedung Kampus Viktor", "Jl. Raya Puspiptek No. 46", "Buaran"],
      ["station", "Stasiun Sudimara — Pintu Utama", "Jl. Jombang Raya", "Jombang", { at: [-6.2969, 106.7128] }],
      ["mall", "Bintaro Jaya Xchange Mall — Lantai Dasar Lobby Utara", "Jl. Lingkar Jaya", "Pondok Jaya", { at: [-6.2853, 106.729] }],
      ["station", "Stasiun Jurangmangu — Pintu Barat", "Jl. Cenderawasih Raya", "Jurang Mangu Barat", { at: [-6.2886, 106.7252] }],
      ["mall", "Bintaro Plaza — Lantai Dasar", "Jl. Bintaro Utama 3 Blok B", "Pondok Karya", { at: [-6.2751, 106.7258] }],
      ["apartment", "Apartemen Emerald Bintaro — Lobby Tower A", "Jl. Boulevard Bintaro Jaya", "Pondok Jaya"],
      ["campus", "Politeknik Keuangan Negara STAN — Gedung G", "Jl. Bintaro Utama Sektor V", "Jurang Mangu Timur", { at: [-6.2677, 106.7396] }],
      ["station", "Stasiun Pondok Ranji — Pintu Selatan", "Jl. W.R. Supratman", "Pondok Ranji", { at: [-6.2766, 106.7447] }],
      ["campus", "UIN Syarif Hidayatullah — Gedung Student Center", "Jl. Ir. H. Juanda No. 95", "Cempaka Putih", { at: [-6.3062, 106.7549] }],
      ["market", "Pasar Ciputat — Gedung Baru Lantai 1", "Jl. Dewi Sartika", "Ciputat"],
      ["mall", "Pamulang Square — Lantai Dasar dekat ATM", "Jl. Siliwangi No. 1", "Pondok Benda", { at: [-6.3412, 106.7223] }],
      ["housing", "Perumahan Pamulang Permai — Pos Satpam", "Jl. Pamulang Permai Raya", "Pamulang Barat"],
      ["housing", "Villa Dago Pamulang — Club House", "Jl. Villa Dago Raya", "Benda Baru"],
      ["ruko", "Ruko Pamulang Timur — Samping Laundry", "Jl. Surya Kencana No. 41", "Pamulang Timur"],
      ["hospital", "RSUD Tangerang Selatan — Lobby Rawat Jalan", "Jl. Pajajaran No. 101", "Pamulang Barat"],
      ["campus", "Institut Teknologi Indonesia — Gedung Rektorat", "Jl. Raya Puspiptek", "Babakan"],
      ["public", "Kawasan Puspiptek — Gedung Pelayanan Teknis", "Jl. Raya Puspiptek", "Muncul", { hours: "government" }],
      ["apartment", "Apartemen Akasa Pure Living BSD — Lobby Tower Kanade", "Jl. Lengkong Gudang Timur Raya", "Lengkong Gudang"],
      ["mall", "Mal Alam Sutera — Lantai Dasar Lobby Barat", "Jl. Jalur Sutera Barat Kav. 16", "Pakualam", { at: [-6.2235, 106.6536] }],
      ["office", "Kawasan Perkantoran Alam Sutera — Lobby Tower Barat", "Jl. Alam Sutera Boulevard Kav. 21", "Pakulonan"],
      ["apartment", "Apartemen Paddington Heights — Lobby", "Jl. Alam Utama", "Pakualam"],
      ["ruko", "Ruko Golden Boulevard BSD — Samping Kedai Kopi", "Jl. Pahlawan Seribu Blok H", "Lengkong Gudang"],
      ["public", "Taman Kota 1 BSD — Gerbang Utama", "Jl. Letnan Sutopo", "Lengkong Gudang", { hours: "day5to23" }],
      ["ruko", "Ruko Sektor 9 Bintaro — Depan Minimarket", "Jl. Bintaro Utama 9", "Pondok Kacang Timur"],
      ["housing", "Graha Raya Bintaro — Pos Satpam Cluster Kebayoran", "Jl. Boulevard Graha Raya", "Paku Jaya"],
      ["market", "Pasar Jombang — Area Parkir Depan", "Jl. Jombang Raya", "Jombang"],
    ],
  },
  {
    area: "Bekasi",
    prefix: "BKS",
    city: "Kota Bekasi",
    province: "Jawa Barat",
    kelurahan: {
      "Marga Mulya": ["Bekasi Utara", "17142", -6.226, 106.998],
      "Harapan Mulya": ["Medan Satria", "17143", -6.215, 106.98],
      Pejuang: ["Medan Satria", "17131", -6.185, 106.97],
      "Teluk Pucung": ["Bekasi Utara", "17121", -6.21, 107.02],
      "Kayuringin Jaya": ["Bekasi Selatan", "17144", -6.245, 106.993],
      "Marga Jaya": ["Bekasi Selatan", "17141", -6.245, 107.005],
      "Jaka Setia": ["Bekasi Selatan", "17147", -6.268, 106.976],
      "Pekayon Jaya": ["Bekasi Selatan", "17148", -6.258, 106.982],
      Kranji: ["Bekasi Barat", "17135", -6.225, 106.978],
      "Duren Jaya": ["Bekasi Timur", "17111", -6.237, 107.022],
      Margahayu: ["Bekasi Timur", "17113", -6.25, 107.01],
      "Bekasi Jaya": ["Bekasi Timur", "17112", -6.235, 107.015],
      "Bojong Rawalumbu": ["Rawalumbu", "17116", -6.273, 107.01],
      Pengasinan: ["Rawalumbu", "17115", -6.28, 107.02],
      Jatiasih: ["Jatiasih", "17423", -6.295, 106.96],
      Jatiwaringin: ["Pondok Gede", "17411", -6.27, 106.91],
      Jatibening: ["Pondok Gede", "17412", -6.256, 106.93],
      Jatikarya: ["Jatisampurna", "17435", -6.372, 106.925],
      Jatisampurna: ["Jatisampurna", "17433", -6.36, 106.92],
      "Mustika Jaya": ["Mustika Jaya", "17158", -6.3, 107.03],
      Tambun: ["Tambun Selatan", "17510", -6.263, 107.055, KAB_BEKASI],
      Lambangsari: ["Tambun Selatan", "17510", -6.28, 107.035, KAB_BEKASI],
      Wanasari: ["Cibitung", "17520", -6.262, 107.088, KAB_BEKASI],
    },
    places: [
      ["station", "Stasiun Bekasi — Pintu Utara", "Jl. Ir. H. Juanda", "Marga Mulya", { at: [-6.2361, 106.9993] }],
      ["mall", "Summarecon Mal Bekasi — Lantai Dasar Lobby Timur", "Jl. Boulevard Ahmad Yani", "Marga Mulya", { at: [-6.2253, 107.0007] }],
      ["apartment", "Apartemen Springlake Summarecon Bekasi — Lobby Tower Caldesia", "Jl. Boulevard Ahmad Yani Blok M", "Harapan Mulya"],
      ["mall", "Metropolitan Mall Bekasi — Lantai Dasar", "Jl. K.H. Noer Ali", "Marga Jaya", { at: [-6.2485, 106.9914] }],
      ["mall", "Bekasi Cyber Park — Lantai Dasar", "Jl. K.H. Noer Ali No. 177", "Kayuringin Jaya", { at: [-6.2468, 106.9928] }],
      ["station", "Stasiun LRT Bekasi Barat — Lantai Concourse", "Jl. Raya Kalimalang", "Kayuringin Jaya", { at: [-6.2494, 106.9907] }],
      ["mall", "Grand Galaxy Park — Lantai Dasar dekat ATM", "Jl. Boulevard Raya Grand Galaxy", "Jaka Setia", { at: [-6.2711, 106.9754] }],
      ["apartment", "Apartemen Grand Kamala Lagoon — Tower Emerald North", "Jl. K.H. Noer Ali", "Pekayon Jaya", { at: [-6.2528, 106.9799] }],
      ["station", "Stasiun Kranji — Pintu Selatan", "Jl. Kranji Raya", "Kranji", { at: [-6.2245, 106.9791] }],
      ["station", "Stasiun Bekasi Timur — Pintu Selatan", "Jl. Ir. H. Juanda", "Duren Jaya", { at: [-6.2471, 107.018] }],
      ["campus", "Universitas Islam 45 Bekasi — Gedung Rektorat", "Jl. Cut Meutia No. 83", "Margahayu"],
      ["campus", "Kampus Bekasi Jl. Raya Perjuangan — Lobby", "Jl. Raya Perjuangan", "Teluk Pucung"],
      ["housing", "Perumahan Harapan Indah — Pos Satpam Boulevard", "Jl. Boulevard Hijau Raya", "Pejuang"],
      ["ruko", "Ruko Sentra Niaga Harapan Indah — Samping Apotek", "Jl. Sentra Niaga Boulevard", "Pejuang"],
      ["housing", "Perumahan Galaxy — Pos Satpam Jl. Pulo Sirih", "Jl. Pulo Sirih Utama", "Pekayon Jaya"],
      ["housing", "Perumahan Kemang Pratama — Club House", "Jl. Kemang Pratama Raya", "Bojong Rawalumbu", { at: [-6.2709, 107.0112] }],
      ["ruko", "Ruko Jatiwaringin Raya — Samping Bengkel", "Jl. Raya Jatiwaringin No. 54", "Jatiwaringin"],
      ["mall", "Plaza Pondok Gede — Lantai Dasar", "Jl. Raya Jatiwaringin No. 368", "Jatiwaringin"],
      ["station", "Stasiun LRT Jatibening Baru — Pintu Utara", "Jl. Jatibening Raya", "Jatibening", { at: [-6.2554, 106.9274] }],
      ["mall", "Mal Ciputra Cibubur — Lantai Dasar", "Jl. Alternatif Cibubur", "Jatikarya", { at: [-6.3737, 106.9196] }],
      ["housing", "Perumahan Kranggan Permai — Pos Satpam", "Jl. Kranggan Permai Raya", "Jatisampurna"],
      ["ruko", "Ruko Jatiasih Raya — Depan Minimarket", "Jl. Raya Jatiasih No. 88", "Jatiasih"],
      ["mall", "Bekasi Junction — Lantai Dasar", "Jl. Ir. H. Juanda No. 151", "Bekasi Jaya"],
      ["hospital", "RSUD dr. Chasbullah Abdulmadjid — Lobby Rawat Jalan", "Jl. Pramuka No. 55", "Marga Jaya"],
      ["office", "Kantor Wali Kota Bekasi — Gedung Pelayanan Satu Atap", "Jl. Jend. Ahmad Yani No. 1", "Marga Jaya", { hours: "government" }],
      ["public", "Stadion Patriot Candrabhaga — Gerbang Utama", "Jl. Jend. Ahmad Yani", "Kayuringin Jaya", { at: [-6.2416, 106.9943], hours: "day6to22" }],
      ["housing", "Perumahan Mutiara Gading Timur — Pos Satpam", "Jl. Mutiara Gading Timur Raya", "Mustika Jaya"],
      ["housing", "Perumahan Pondok Hijau Permai — Pos Satpam", "Jl. Pondok Hijau Permai Raya", "Pengasinan"],
      ["station", "Stasiun Tambun — Pintu Utama", "Jl. Stasiun Tambun", "Tambun", { at: [-6.2592, 107.055] }],
      ["ruko", "Ruko Celebration Boulevard Grand Wisata — Blok AA", "Jl. Celebration Boulevard", "Lambangsari", { at: [-6.2933, 107.03] }],
      ["station", "Stasiun Cibitung — Pintu Timur", "Jl. Stasiun Cibitung", "Wanasari", { at: [-6.2579, 107.0891] }],
    ],
  },
];

/** FNV-1a 32-bit hash: stable across runs and platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A value in [-1, 1) derived from a hash and a salt. */
function unit(seed: number, salt: number): number {
  const h = hash(`${seed}:${salt}`);
  return (h / 0x100000000) * 2 - 1;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function buildLocations(): SeedLocation[] {
  const result: SeedLocation[] = [];
  const lastDescription = new Map<Kind, number>();
  const lastHours = new Map<Kind, number>();
  for (const table of AREAS) {
    let number = 0;
    for (const [kind, name, street, kelName, options] of table.places) {
      const kel = table.kelurahan[kelName];
      if (!kel) throw new Error(`Unknown kelurahan ${kelName} in ${table.area}`);
      const [kecamatan, postal, kelLat, kelLng, cityOverride] = kel;
      const city = cityOverride ?? table.city;
      const seed = hash(name);
      number += 1 + (seed % 5);

      const descriptions = DESCRIPTIONS[kind];
      let di = seed % descriptions.length;
      if (lastDescription.get(kind) === di) di = (di + 1) % descriptions.length;
      lastDescription.set(kind, di);
      const [description, descriptionBahasa] = options?.desc ?? descriptions[di]!;

      const pool = HOURS_BY_KIND[kind];
      let hi = (seed >>> 8) % pool.length;
      if (!options?.hours && lastHours.get(kind) === hi && pool.length > 1) hi = (hi + 1) % pool.length;
      if (!options?.hours) lastHours.set(kind, hi);
      const [operationalHour, operationalHourBahasa] = HOURS[options?.hours ?? pool[hi]!];

      const [lat, lng] = options?.at ?? [kelLat + unit(seed, 1) * 0.0022, kelLng + unit(seed, 2) * 0.0022];
      const isJakarta = table.province === "DKI Jakarta";
      const cityText = isJakarta ? `Kota Jakarta ${city.replace("Jakarta ", "")}` : city;
      result.push({
        code: `PXB-${table.prefix}-${String(number).padStart(4, "0")}`,
        name,
        area: table.area,
        city,
        address: `${street}, ${kelName}, Kec. ${kecamatan}, ${cityText}, ${table.province} ${postal}`,
        description,
        descriptionBahasa,
        operationalHour,
        operationalHourBahasa,
        latitude: round6(lat),
        longitude: round6(lng),
      });
    }
  }
  return result;
}

/** All demo locker locations, in a stable order (grouped by area). */
export const locations: SeedLocation[] = buildLocations();
