-- Members of the user app; tokens are stored as SHA-256 hashes only.
create table members (
  id serial primary key,
  token_hash text not null unique,
  email text not null default '',
  first_name text not null,
  last_name text not null default '',
  member_code text not null unique,
  phone text not null default '',
  language text not null default 'id' check (language in ('id', 'en')),
  created_at timestamptz not null default now()
);

-- Boxes (lockers) and their locations.
create table boxes (
  id serial primary key,
  code text not null unique,
  name text not null,
  area text not null default '',
  city text not null default '',
  address text not null,
  description text not null default '',
  description_bahasa text not null default '',
  operational_hour text not null default '',
  operational_hour_bahasa text not null default '',
  latitude double precision,
  longitude double precision,
  maps_link text,
  photo text,
  created_at timestamptz not null default now()
);

-- Door sizes with their prices (Rupiah).
create table mouth_types (
  name text primary key,
  label text not null,
  height integer not null,
  depth integer not null,
  width integer not null,
  default_use_price integer not null,
  overdue_price_per_hour integer not null,
  dropoff_overdue_price_per_day integer not null,
  sort_order integer not null default 0
);

-- Mouths (doors) of a box.
create table mouths (
  id serial primary key,
  box_id integer not null references boxes (id) on delete cascade,
  number text not null,
  mouth_type text not null references mouth_types (name),
  enabled boolean not null default true,
  unique (box_id, number)
);
create index mouths_box_idx on mouths (box_id, mouth_type);

-- Rent and drop-off orders.
create table orders (
  id serial primary key,
  kind text not null check (kind in ('rent', 'dropoff')),
  express_number text not null unique,
  status text not null,
  member_id integer references members (id),
  mouth_id integer not null references mouths (id),
  sender_name text not null default '',
  recipient_name text not null default '',
  recipient_phone text not null default '',
  link_token_hash text unique,
  rent_time integer not null default 0,
  rent_time_unit text not null default 'hour',
  pay_of_amount integer not null default 0,
  payment_method text,
  payment_reference text,
  paid_at timestamptz,
  donations jsonb not null default '[]',
  admin_fee integer not null default 0,
  overdue_unit_price integer not null default 0,
  expired_flag boolean not null default false,
  created_at timestamptz not null default now(),
  store_time timestamptz,
  take_time timestamptz,
  deadline timestamptz,
  link_expires_at timestamptz,
  receiver_email text,
  invoice_number text,
  updated_at timestamptz not null default now()
);
create index orders_member_idx on orders (member_id);
create index orders_mouth_active_idx on orders (mouth_id) where status in ('IMPORTED', 'IN_STORE');

create table order_logs (
  id serial primary key,
  order_id integer not null references orders (id) on delete cascade,
  status text not null,
  created_at timestamptz not null default now()
);
create index order_logs_order_idx on order_logs (order_id, created_at);

-- Every code a locker accepts: store, take, open (temporary), stop, overdue, drop-off store, paid pick-up.
create table access_codes (
  id text primary key,
  code text not null unique,
  purpose text not null check (purpose in ('store', 'take', 'open', 'overdue', 'dropoff-store', 'pickup')),
  order_id integer references orders (id) on delete cascade,
  package_id integer,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  used_at timestamptz
);
create index access_codes_order_idx on access_codes (order_id, purpose);

-- Parcels registered on the drop-off form, waiting to be stored at the locker.
create table dropoff_packages (
  id serial primary key,
  box_id integer not null references boxes (id),
  mouth_type text not null references mouth_types (name),
  sender_name text not null,
  recipient_name text not null,
  recipient_phone text not null,
  take_user_language text not null,
  photo bytea not null,
  photo_type text not null,
  order_id integer references orders (id),
  created_at timestamptz not null default now()
);

create table guest_book_submissions (
  id serial primary key,
  sender_name text not null,
  sender_contact text not null,
  sender_email text not null,
  requested_value text not null,
  business_type text,
  message text not null,
  created_at timestamptz not null default now()
);

create table white_papers (
  id serial primary key,
  name text not null,
  url text not null,
  position integer not null default 0
);

create table banners (
  id serial primary key,
  language text not null check (language in ('id', 'en')),
  position integer not null,
  data jsonb not null
);

create table services (
  id serial primary key,
  language text not null check (language in ('id', 'en')),
  position integer not null,
  slug text not null,
  data jsonb not null,
  unique (language, slug)
);

create table settings (
  grp text not null,
  name text not null,
  value jsonb not null,
  position integer not null default 0,
  primary key (grp, name)
);

create table short_links (
  code text primary key,
  url text not null,
  created_at timestamptz not null default now()
);

-- Fixed-window counters shared by every API instance (rate limits).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);
