-- Helped counts that outlive the requests they count (README, Thanks and trust;
-- docs/adr/0004-helped-counts-outlive-requests.md). A helper's counts are written when a request is marked ready,
-- in that transaction, and no longer read from the requests: the owner deleting the request, or their account,
-- never lowers them.

-- "Has helped N cyclists": one row per helper and distinct owner of a real request completed with "help received"
-- while the helper was its responder. The owner's account deletion only forgets who the owner was (owner_id becomes
-- null): the row, and so the count, stays. NULLs are distinct in a unique index, so such rows never collide, while a
-- living owner counts once per helper however often they are helped (two friends marking each other's requests).
create table helped_cyclists (
  helper_id integer not null references users on delete cascade,
  owner_id integer references users on delete set null,
  helped_at timestamptz not null default now()
);
create unique index helped_cyclists_pair on helped_cyclists (helper_id, owner_id);

-- The admin's "requests helped": each real request completed while this user was its responder, with or without
-- help received. By request id without a foreign key: the request may be deleted since (hard, with its owner's
-- account). Request ids come from a sequence and are never reused.
create table helped_requests (
  request_id integer primary key,
  helper_id integer not null references users on delete cascade,
  completed_at timestamptz not null default now()
);
create index helped_requests_helper_idx on helped_requests (helper_id);

-- Backfill from what the requests still hold. A completed request its owner deleted is still a (soft-deleted) row:
-- it counts again, as it always should have. Requests gone with their owner's account cannot be recovered.
insert into helped_cyclists (helper_id, owner_id, helped_at)
select responder_id, owner_id, min(completed_at) from requests
where status = 'completed' and got_help and not is_test and responder_id is not null
group by responder_id, owner_id;

insert into helped_requests (request_id, helper_id, completed_at)
select request_id, responder_id, completed_at from requests
where status = 'completed' and not is_test and responder_id is not null;

-- The count reads helped_cyclists now; this index of the requests served only the old count.
drop index requests_helped_idx;
