-- A refund the gateway does not confirm is tried again less and less often, then left to people:
-- refund_attempts counts the tries that failed; refund_given_up_at marks a charge to be given back by
-- hand (the gateway refused it, or it failed for about a day). Setting refunded_at closes it.
alter table payments add column refund_attempts integer not null default 0;
alter table payments add column refund_given_up_at timestamptz;
drop index payments_refund_due_idx;
create index payments_refund_due_idx on payments (next_check_at)
  where status = 'REFUNDED' and refunded_at is null and refund_given_up_at is null;
alter table payment_anomalies drop constraint payment_anomalies_kind_check;
alter table payment_anomalies add constraint payment_anomalies_kind_check
  check (kind in ('late-success-credited', 'late-success-refunded', 'refund-failed', 'refund-given-up'));
