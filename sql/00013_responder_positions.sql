-- "On my way" (issue 16, part 2): the position the current responder shares with the request's owner.

-- One row per active response, never a history: each update overwrites it, and it is deleted in the transaction
-- that ends the response (release, removal, completion, deletion; the cascades cover a deleted account or request).
-- Stopping keeps the row without coordinates: `shared_at` still bounds the next update (one per 5 s per response),
-- so stopping and starting again cannot get around the limit.
create table responder_positions (
  request_id integer primary key references requests on delete cascade,
  responder_id integer not null references users on delete cascade,
  latitude double precision,
  longitude double precision,
  shared_at timestamptz not null default now(),
  check ((latitude is null) = (longitude is null))
);
