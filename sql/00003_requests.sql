-- Help requests, who responded to them and who viewed them.

create table requests (
  request_id integer generated always as identity primary key,
  owner_id integer not null references users on delete cascade,
  category text not null
    check (category in ('bicycle_maintenance', 'food_and_hydration', 'transportation_need', 'other')),
  status text not null default 'new' check (status in ('new', 'in progress', 'completed')),
  description text not null check (char_length(description) between 1 and 500),
  -- An approximate location is stored already rounded: its exact point never reaches the database.
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  is_approximate boolean not null default false,
  is_test boolean not null default false,
  -- The current responder; kept on a completed request for its history, never shown once completed.
  responder_id integer references users on delete set null,
  got_help boolean,
  views integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  -- Soft delete: a deleted request still counts against its owner's daily limit.
  deleted_at timestamptz,
  constraint requests_location_pair check ((latitude is null) = (longitude is null)),
  constraint requests_in_progress_has_responder check (status <> 'in progress' or responder_id is not null),
  constraint requests_new_has_no_responder check (status <> 'new' or responder_id is null),
  constraint requests_completion check ((status = 'completed') = (completed_at is not null and got_help is not null))
);
create index requests_owner_created_idx on requests (owner_id, created_at);
create index requests_visible_idx on requests (updated_at desc) where deleted_at is null;

-- Every take-over, and how it ended. One row per (request, user) ever: whoever released a request or was
-- removed from it cannot take it again.
create table request_responses (
  request_id integer not null references requests on delete cascade,
  responder_id integer not null references users on delete cascade,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  outcome text check (outcome in ('released', 'removed', 'completed', 'deleted')),
  primary key (request_id, responder_id),
  constraint request_responses_outcome check ((ended_at is null) = (outcome is null))
);
-- At most one running response per request, and a cheap count of a user's running responses.
create unique index request_responses_one_running_idx on request_responses (request_id) where ended_at is null;
create index request_responses_running_by_user_idx on request_responses (responder_id) where ended_at is null;

-- Unique viewers: the view count counts people, not page loads.
create table request_views (
  request_id integer not null references requests on delete cascade,
  viewer_id integer not null references users on delete cascade,
  viewed_at timestamptz not null default now(),
  primary key (request_id, viewer_id)
);
