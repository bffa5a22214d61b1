-- Every change a screen or a cache must learn of is announced on the `paxelbox_changes` channel
-- (PostgreSQL LISTEN/NOTIFY, delivered at commit to every API instance; docs/decisions/020):
--   order:<id>:<change>  the order, its history, its codes or its payments changed
--   member:<id>          a member (their token, name or language) changed
--   catalog              a box, a door or a door size changed
-- <change> comes from one sequence, so a later change of an order always carries a larger number.
-- The triggers only announce: they take no lock beyond the row being written.
create sequence order_changes;

create function paxelbox_order_changed() returns trigger language plpgsql as $$
declare
  changed_order integer;
begin
  if tg_table_name = 'orders' then
    changed_order := coalesce(new.id, old.id);
  elsif tg_op = 'DELETE' then
    changed_order := old.order_id;
  else
    changed_order := new.order_id;
    if tg_op = 'UPDATE' and old.order_id is distinct from new.order_id and old.order_id is not null then
      perform pg_notify('paxelbox_changes', 'order:' || old.order_id || ':' || nextval('order_changes'));
    end if;
  end if;
  if changed_order is not null then
    perform pg_notify('paxelbox_changes', 'order:' || changed_order || ':' || nextval('order_changes'));
  end if;
  return null;
end
$$;

create trigger orders_changed after insert or update or delete on orders
  for each row execute function paxelbox_order_changed();
create trigger order_logs_changed after insert or update or delete on order_logs
  for each row execute function paxelbox_order_changed();
create trigger access_codes_changed after insert or update or delete on access_codes
  for each row execute function paxelbox_order_changed();
create trigger payments_changed after insert or delete or update of status, paid_at, order_id on payments
  for each row execute function paxelbox_order_changed();

create function paxelbox_member_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('paxelbox_changes', 'member:' || old.id);
  return null;
end
$$;

create trigger members_changed after update or delete on members
  for each row execute function paxelbox_member_changed();

create function paxelbox_catalog_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('paxelbox_changes', 'catalog');
  return null;
end
$$;

create trigger boxes_changed after update or delete on boxes
  for each statement execute function paxelbox_catalog_changed();
create trigger mouths_changed after update or delete on mouths
  for each statement execute function paxelbox_catalog_changed();
create trigger mouth_types_changed after update or delete on mouth_types
  for each statement execute function paxelbox_catalog_changed();
