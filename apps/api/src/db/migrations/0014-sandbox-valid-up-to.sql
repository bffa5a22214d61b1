-- The end of a sandbox transaction: the `validUpTo` a SNAP payment request gave (null when none was
-- given, or for Midtrans, whose checkouts live 60 minutes from their opening). After it the checkout
-- cannot be paid: the sandbox bank reads it as expired.
alter table sandbox_transactions add column valid_up_to timestamptz;
