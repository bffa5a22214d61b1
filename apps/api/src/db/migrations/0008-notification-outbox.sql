-- Messages to people, written in the same transaction as the change that causes them (a transactional
-- outbox, ADR 038) and sent by a worker any API instance may run: it claims due rows with
-- FOR UPDATE SKIP LOCKED and moves next_attempt_at forward as a lease, so a claimer that dies leaves
-- them due again. One row per event and channel: the idempotency key is unique with the channel.
create table notification_outbox (
  id bigserial primary key,
  event text not null,
  order_id integer references orders (id) on delete cascade,
  channel text not null check (channel in ('whatsapp')),
  template text not null,
  language text not null check (language in ('id', 'en')),
  -- E.164 digits without the leading +, as the WhatsApp Cloud API takes them.
  recipient text not null,
  -- The template's body parameters in order, the link excepted.
  parameters jsonb not null,
  -- The recipient's link (path and query, with the order's link token): kept only until the message
  -- is sent (a dead letter keeps it, to be sent again), since tokens are otherwise stored only as hashes.
  link text,
  idempotency_key text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- The provider's message id (WhatsApp's wamid), which its status webhooks name. Not unique: a
  -- provider's repeat must not stop us recording that a message went out.
  provider_message_id text,
  delivery_status text check (delivery_status in ('sent', 'delivered', 'read', 'failed')),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  delivery_updated_at timestamptz,
  unique (idempotency_key, channel)
);
create index notification_outbox_due_idx on notification_outbox (next_attempt_at) where status = 'pending';
create index notification_outbox_order_idx on notification_outbox (order_id);
create index notification_outbox_provider_message_idx on notification_outbox (provider_message_id);

-- Delivery statuses the provider reported, once each: a webhook delivered twice is recorded once.
create table notification_statuses (
  provider_message_id text not null,
  status text not null check (status in ('sent', 'delivered', 'read', 'failed')),
  reported_at timestamptz not null,
  error text,
  received_at timestamptz not null default now(),
  primary key (provider_message_id, status)
);

-- The WhatsApp Graph API sandbox (demo mode only): what it accepted, as a phone would show it.
create table whatsapp_sandbox_messages (
  seq bigserial primary key,
  id text not null unique,
  phone_number_id text not null,
  recipient text not null,
  template text not null,
  language text not null,
  request jsonb not null,
  text text not null,
  links jsonb not null,
  status text not null default 'accepted',
  received_at timestamptz not null default now()
);
create index whatsapp_sandbox_messages_recipient_idx on whatsapp_sandbox_messages (recipient, seq desc);
