-- The e-mail channel of the outbox (ADR 038, docs/notifications.md): e-mail rows are sent over SMTP by
-- the same worker, under the same claims. Their recipient is an address instead of E.164 digits.
alter table notification_outbox drop constraint notification_outbox_channel_check;
alter table notification_outbox add constraint notification_outbox_channel_check
  check (channel in ('whatsapp', 'email'));

-- The language of the overdue page the receiver's email was given on (the fee's receipt is written in
-- it); kept with the email and the invoice number, and dropped with them when a new fee is drawn.
alter table orders add column receiver_language text check (receiver_language in ('id', 'en'));

-- The development SMTP sink (demo mode only): what it received, one row per envelope recipient,
-- as a mail client would show it.
create table email_sandbox_messages (
  seq bigserial primary key,
  message_id text not null,
  envelope_from text not null,
  recipient text not null,
  from_address text not null,
  reply_to text,
  subject text not null,
  template text,
  language text,
  text text not null,
  links jsonb not null,
  received_at timestamptz not null default now()
);
create index email_sandbox_messages_recipient_idx on email_sandbox_messages (recipient, seq desc);
