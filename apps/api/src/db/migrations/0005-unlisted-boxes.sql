-- A box can exist without being a public location: the demo's "all doors in use" lockers (and, in
-- production, boxes still being installed) are reachable by id but are not listed by the finder or
-- counted in the landing page's "more than N locations".
alter table boxes add column listed boolean not null default true;
