-- Push to the nearest helpers first, in waves, from a queue that outlives the process (issue 15).

-- SPEC 9's distance (haversine, earth diameter 12742 km), the same formula as server/domain/distance.ts, so that
-- the database can apply the reach rule (distance <= the user's radius) itself. A test keeps the two equal.
create function distance_km(lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision)
returns double precision
language sql immutable strict parallel safe
as $$
  select 12742 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2 + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2
  )))
$$;

-- A point whose plain (euclidean) distance orders places by their real distance, for a nearest-neighbour index
-- scan: a degree of longitude shrinks with the cosine of the latitude (about half a degree of latitude in Finland).
-- Measured from 25°E, the middle of Finland, the error stays under 1% near it and about 5% at the borders; the
-- reach rule itself always uses distance_km.
create function nearness_point(latitude double precision, longitude double precision)
returns point
language sql immutable strict parallel safe
as $$
  select point((longitude - 25) * cos(radians(latitude)), latitude)
$$;

alter table users add column nearness point generated always as (nearness_point(latitude, longitude)) stored;
create index users_nearness_idx on users using gist (nearness);
-- A request without a location reaches everyone: its waves go to whoever reported a location most recently.
create index users_location_recency_idx on users (location_updated_at desc nulls last, user_id)
  where nearness is not null;
-- Subscribers who share no location get every request's first wave (SPEC 1).
create index users_unlocated_idx on users (user_id) where nearness is null;

-- New requests waiting for their next wave of alerts. One row per request while it may still escalate; any
-- instance takes a due row with FOR UPDATE SKIP LOCKED, so each wave is sent by exactly one of them.
create table push_waves (
  request_id integer primary key references requests on delete cascade,
  -- Waves sent so far.
  waves integer not null default 0,
  due_at timestamptz not null default now()
);
create index push_waves_due_idx on push_waves (due_at);

-- Who has been alerted of which request: a later wave picks the next nearest, never the same person twice.
create table push_alerts (
  request_id integer not null references requests on delete cascade,
  user_id integer not null references users on delete cascade,
  wave integer not null,
  -- False for a user who shared no location, alerted with the first wave beside the waves' own count.
  shares_location boolean not null default true,
  alerted_at timestamptz not null default now(),
  primary key (request_id, user_id)
);
-- Kept a day after a request's last wave, then purged by the push worker.
create index push_alerts_alerted_at_idx on push_alerts (alerted_at);

-- Pushes to send. A worker claims due rows (FOR UPDATE SKIP LOCKED) by moving not_before a lease ahead: a crashed
-- instance's claim simply falls due again. Sent rows are deleted; a failed try moves not_before by its backoff.
-- The keys are read from the subscription when sending; unsubscribing drops its pending pushes.
create table push_jobs (
  job_id bigint generated always as identity primary key,
  endpoint text not null references push_subscriptions on delete cascade,
  payload text not null,
  urgency text not null check (urgency in ('high', 'normal')),
  ttl integer not null check (ttl > 0),
  attempts integer not null default 0,
  not_before timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index push_jobs_due_idx on push_jobs (not_before);
create index push_jobs_endpoint_idx on push_jobs (endpoint);
