-- Thanks and trust (issue 16, part 4).

-- The owner's one thank-you to whoever helped, after marking the request done with "help received". One per
-- request: the primary key makes a second one a conflict, whatever the races. `helper_id` is the responder at
-- completion (requests.responder_id stays on a completed request). Purged with the request's conversation
-- (REQUEST_HISTORY_DAYS after completion): the helped count does not depend on it.
create table request_thanks (
  request_id integer primary key references requests on delete cascade,
  owner_id integer not null references users on delete cascade,
  helper_id integer not null references users on delete cascade,
  text text not null check (char_length(text) between 1 and 200),
  created_at timestamptz not null default now()
);
create index request_thanks_helper_idx on request_thanks (helper_id);

-- "Has helped N cyclists": the distinct owners of a helper's real requests marked "help received". An index-only
-- scan over this partial index counts them without touching the table; the request list is not changed.
create index requests_helped_idx on requests (responder_id, owner_id) where got_help and not is_test and deleted_at is null;
