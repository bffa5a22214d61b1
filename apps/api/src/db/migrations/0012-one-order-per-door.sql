-- A door holds one order at a time, booked or stored: two parcels stored at the same moment can no
-- longer both be given the last free door of their size (kiosk/scan.ts chooses it locked; this holds
-- it in the database whatever writes the order).
drop index orders_mouth_active_idx;
create unique index orders_one_active_per_mouth on orders (mouth_id) where status in ('IMPORTED', 'IN_STORE');
