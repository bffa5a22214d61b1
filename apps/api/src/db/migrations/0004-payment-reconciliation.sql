-- Payments are settled from the gateway's own record: a notification, a status call of the
-- reconciliation job, or the customer's return. The non-interface flow speaks the Midtrans protocol
-- (the sandbox by default), the bank-interface flow SNAP BI.
alter table payments drop constraint if exists payments_gateway_check;
update payments set gateway = 'midtrans' where gateway = 'sandbox';
alter table payments add constraint payments_gateway_check check (gateway in ('midtrans', 'snap'));

alter table payments drop constraint if exists payments_status_check;
alter table payments add constraint payments_status_check
  check (status in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED'));

-- When the reconciliation job may next ask the gateway about a pending payment (a lease: an instance
-- that claims a row moves this forward, so another instance skips it).
alter table payments add column next_check_at timestamptz not null default now();
alter table payments add column check_attempts integer not null default 0;
create index payments_pending_check_idx on payments (next_check_at) where status = 'PENDING';

-- Every case where money and credit could have parted: logged at warn and counted here.
create table payment_anomalies (
  id serial primary key,
  payment_id text not null references payments (id) on delete cascade,
  kind text not null check (kind in ('late-success-credited', 'late-success-refunded', 'refund-failed')),
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index payment_anomalies_kind_idx on payment_anomalies (kind, created_at);

-- Idempotency-Key of payment creation: the same key and body get the same answer.
create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

-- The sandbox speaks the two protocols of the field.
alter table sandbox_transactions drop constraint if exists sandbox_transactions_protocol_check;
update sandbox_transactions set protocol = 'midtrans' where protocol = 'sandbox';
alter table sandbox_transactions add constraint sandbox_transactions_protocol_check
  check (protocol in ('midtrans', 'snap'));
alter table sandbox_transactions drop constraint if exists sandbox_transactions_status_check;
alter table sandbox_transactions add constraint sandbox_transactions_status_check
  check (status in ('PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'EXPIRED'));
alter table sandbox_transactions add column refunded_amount integer not null default 0;
alter table sandbox_transactions add column refunded_at timestamptz;

-- The sandbox's outbox of notifications: written with the charge, delivered until the API answers
-- 2xx, with backoff. A restart of the sandbox loses none.
create table sandbox_notifications (
  id bigserial primary key,
  reference_no text not null references sandbox_transactions (reference_no) on delete cascade,
  event text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index sandbox_notifications_due_idx on sandbox_notifications (next_attempt_at) where delivered_at is null;

-- SNAP BI: B2B access tokens the sandbox bank issued, and the X-EXTERNAL-ID values it has seen
-- (unique per partner and day).
create table sandbox_access_tokens (
  token text primary key,
  client_key text not null,
  expires_at timestamptz not null
);
create table sandbox_external_ids (
  partner_id text not null,
  external_id text not null,
  day date not null,
  primary key (partner_id, external_id, day)
);

-- A charge that must be given back (paid twice, or paid for an overdue that no longer exists):
-- the payment is REFUNDED at once and refunded_at is set when the gateway has confirmed the refund.
alter table payments add column refunded_at timestamptz;
create index payments_refund_due_idx on payments (next_check_at) where status = 'REFUNDED' and refunded_at is null;
