-- Time-driven messages (notifications/schedule.ts, docs/notifications.md): reminders before a deadline
-- and notices when an overdue fee starts, written by a sweep any API instance may run.

-- More links to one order than the first one (orders.link_token_hash): each later message with a link
-- gets a token of its own, opening that order only and expiring with its link (orders.link_expires_at).
-- Kept as SHA-256 hashes only, as every token; the plain token is in the outbox row until it is sent.
create table order_link_tokens (
  token_hash text primary key,
  order_id integer not null references orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index order_link_tokens_order_idx on order_link_tokens (order_id);

-- A time-driven message whose cause is gone when it is to be sent (the parcel taken, the fee paid, the
-- rent ended, the deadline moved) is withdrawn instead of sent.
alter table notification_outbox drop constraint notification_outbox_status_check;
alter table notification_outbox add constraint notification_outbox_status_check
  check (status in ('pending', 'sent', 'dead', 'withdrawn'));

-- The sweep reads the orders in a locker by their deadline.
create index orders_in_store_deadline_idx on orders (deadline) where status = 'IN_STORE';
