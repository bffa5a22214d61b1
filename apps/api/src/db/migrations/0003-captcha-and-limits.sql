-- Captcha solutions already used (replay protection), shared by every instance; old rows are pruned.
create table captcha_uses (
  id text primary key,
  used_at timestamptz not null default now()
);
create index captcha_uses_used_at_idx on captcha_uses (used_at);
