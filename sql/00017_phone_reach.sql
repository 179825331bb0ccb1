-- Phone numbers by reach (README "Security"): the owner's number goes to a user nearby only from where they
-- plausibly are, at most PHONE_REACH_KM away, and only so many times a day.

-- The place that counts for phone reach, apart from the list's location (latitude, longitude): a report that jumps
-- faster than a bicycle-carrying car could (200 km/h) moves the list at once but this only when a later report
-- confirms it. Null until the first location report; existing users start there too, so a place set before these
-- rules never counts by itself.
alter table users
  add column reach_latitude double precision check (reach_latitude between -90 and 90),
  add column reach_longitude double precision check (reach_longitude between -180 and 180),
  add column reach_located_at timestamptz,
  -- The last admitted PUT /api/user/location: at most one per 10 seconds.
  add column location_reported_at timestamptz,
  add constraint users_reach_pair check ((reach_latitude is null) = (reach_longitude is null));

-- Every request whose owner's number a user got by reach (not as its owner, helper or an admin), once per Helsinki
-- day: the daily cap counts these rows, and the admin users list shows them. A row goes with the viewer's account and
-- with the request (an account's requests are deleted with it), so a deleted account leaves no phone-related trace;
-- housekeeping purges rows older than 31 days.
create table phone_reveals (
  viewer_id integer not null references users (user_id) on delete cascade,
  day date not null,
  request_id integer not null references requests (request_id) on delete cascade,
  revealed_at timestamptz not null default now(),
  primary key (viewer_id, day, request_id)
);

create index phone_reveals_request_idx on phone_reveals (request_id);
create index phone_reveals_revealed_at_idx on phone_reveals (revealed_at);
