-- A drop-off's overdue fee is paid under one invoice number, drawn once for the payment it is due
-- (spec §9 shape INV-DOL-XXXXXX-XXXX): the number and the receiver's email belong to the deadline
-- the fee runs from. A paid fee moves the deadline, so the next overdue fee gets a new number.
alter table orders add column invoice_deadline timestamptz;
