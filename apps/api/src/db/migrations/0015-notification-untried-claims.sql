-- The claim that holds an outbox row and has not tried it yet (notifications/worker.ts): written by the
-- claim of a worker's round, cleared when the row's turn in that round comes (its try) or when a
-- stopping worker gives the row back. A claim counts its try; one that finds a claim still untried
-- takes that claim's try back (its lease ran out before the row's turn, or its worker died first), so
-- attempts counts the tries made. Nullable, without a default: instances of the previous release,
-- which neither read nor write it, keep running beside this one during a rollout.
alter table notification_outbox add column untried_claim uuid;
