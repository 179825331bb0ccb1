-- Requests deleted for good, with their owner's account: a `since` delta (GET /api/requests?since=) must still name
-- them, or a client that was away keeps showing them. Only the id is kept, and whether it was a test request (which
-- only admins hear of); rows go when no sync cursor old enough to need them is accepted (server/domain/request-list.ts).
create table request_tombstones (
  request_id integer primary key,
  is_test boolean not null,
  deleted_at timestamptz not null default now()
);
create index request_tombstones_deleted_at on request_tombstones (deleted_at);
