-- Payments of overdue fees. One payment per overdue (order and deadline being paid): a second create
-- while one is pending returns it, and a paid overdue cannot be paid again.
create table payments (
  id text primary key,
  order_id integer not null references orders (id) on delete cascade,
  purpose text not null check (purpose in ('rent-overdue', 'dropoff-overdue')),
  gateway text not null check (gateway in ('sandbox', 'snap')),
  overdue_key text not null,
  amount integer not null check (amount >= 0),
  overdue_units integer not null,
  extends_to timestamptz,
  status text not null default 'PENDING' check (status in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'EXPIRED')),
  checkout_url text,
  reference_no text unique,
  partner_reference_no text not null,
  success_url text not null,
  failed_url text not null,
  cancel_url text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz
);
create unique index payments_one_open_per_overdue on payments (overdue_key) where status in ('PENDING', 'SUCCESS');
create index payments_order_idx on payments (order_id);

-- Notifications received from the gateway, by the gateway's event id: a duplicate is answered, not applied.
create table payment_notifications (
  event_id text primary key,
  payment_id text not null references payments (id) on delete cascade,
  status text not null,
  received_at timestamptz not null default now()
);

-- Short-lived tokens of the non-interface payment flow (auth/token/generate).
create table payment_access_tokens (
  token_hash text primary key,
  member_id integer references members (id) on delete cascade,
  order_id integer references orders (id) on delete cascade,
  expires_at timestamptz not null
);

-- The gateway sandbox's own ledger: what the "bank" knows about each checkout.
create table sandbox_transactions (
  reference_no text primary key,
  external_id text not null unique,
  partner_reference_no text not null,
  merchant text not null,
  description text not null,
  amount integer not null,
  currency text not null default 'IDR',
  status text not null default 'PENDING' check (status in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED')),
  return_url text not null,
  failed_url text not null,
  cancel_url text not null,
  notify_url text not null,
  protocol text not null check (protocol in ('sandbox', 'snap')),
  charged_count integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  notified_at timestamptz
);

-- How many times a rented door was opened with a temporary QR.
alter table orders add column open_count integer not null default 0;
