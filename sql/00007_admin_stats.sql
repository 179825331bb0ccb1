-- Figures for the admin dashboard (issue 14).

-- When a request was first taken over: the "time to a responder" figure. Set by the first take-over only (a
-- release and a new take-over keep it); requests from before this migration stay null and are left out.
alter table requests add column first_responded_at timestamptz;

-- The stats and the export pick requests by when they were created or completed.
create index requests_created_at_idx on requests (created_at);
create index requests_completed_at_idx on requests (completed_at) where completed_at is not null;

-- Each running instance's authenticated event-stream connections, reported every few seconds. The stats sum the
-- rows reported recently: an instance that died without deleting its row drops out by itself. The distinct user
-- ids are kept per instance so that a user connected to two instances is counted once.
create table live_instances (
  instance_id text primary key,
  clients integer not null,
  user_ids integer[] not null,
  reported_at timestamptz not null default now()
);
