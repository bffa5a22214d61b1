-- The SMS channel of the outbox (docs/notifications.md): the fallback of a WhatsApp message that will
-- not arrive, sent through an HTTP SMS gateway (Infobip's SMS API) by the same worker, under the same
-- claims. Its row is the WhatsApp row's event again (same idempotency key, channel 'sms').
alter table notification_outbox drop constraint notification_outbox_channel_check;
alter table notification_outbox add constraint notification_outbox_channel_check
  check (channel in ('whatsapp', 'email', 'sms'));

-- The SMS gateway sandbox (demo mode only): what it accepted, one row per destination, as a phone
-- would show it. Template and language come from the request's callbackData (null without it).
create table sms_sandbox_messages (
  seq bigserial primary key,
  id text not null unique,
  sender text not null,
  recipient text not null,
  template text,
  language text,
  request jsonb not null,
  text text not null,
  links jsonb not null,
  received_at timestamptz not null default now()
);
create index sms_sandbox_messages_recipient_idx on sms_sandbox_messages (recipient, seq desc);
