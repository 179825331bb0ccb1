-- Alerts that prove they arrived (docs/live-and-push.md, "Receipts"; docs/adr/0016-alert-receipts.md).

-- A push that asks for a receipt: its token, made when it is queued. gen_random_uuid() is version 4 from a strong
-- random source (122 random bits), so a token cannot be guessed; it is all a receipt carries. Null for every other
-- push. `stale`: the device had not confirmed its recent pushes when this one was queued, so it is tried after the
-- fresh ones (the claim orders by it).
alter table push_jobs add column receipt uuid unique;
alter table push_jobs add column stale boolean not null default false;
create index push_jobs_claim_idx on push_jobs (stale, not_before);

-- One row per push that asks for a receipt (an alert of a new request, or a practice alert), written with its job:
-- sent_at once the push service took it, reached_at once the phone's service worker confirmed it. No reference to
-- the subscription: a receipt outlives an expired subscription (what was reached stays counted) and goes with age
-- (housekeeping). A request's receipts go with the request or with age.
create table push_receipts (
  receipt uuid primary key,
  endpoint text not null,
  user_id integer not null references users on delete cascade,
  request_id integer references requests on delete cascade,
  kind text not null check (kind in ('alert', 'practice')),
  queued_at timestamptz not null default now(),
  sent_at timestamptz,
  reached_at timestamptz,
  check ((kind = 'alert') = (request_id is not null))
);
-- The progress counts a request's reached users.
create index push_receipts_request_idx on push_receipts (request_id) where request_id is not null;
create index push_receipts_queued_at_idx on push_receipts (queued_at);

-- Pushes that asked for a receipt, were sent and not confirmed since the device's last receipt (a receipt resets
-- it): from 5 on the subscription is stale. last_reached_at: the device's latest receipt (Settings shows it).
alter table push_subscriptions add column unconfirmed_in_a_row integer not null default 0;
alter table push_subscriptions add column last_reached_at timestamptz;

-- Practice alerts, at most 3 an hour per user: one row per ask (not per device), counted under the user's row lock.
create table practice_alerts (
  user_id integer not null references users on delete cascade,
  asked_at timestamptz not null default now()
);
create index practice_alerts_user_idx on practice_alerts (user_id, asked_at);
