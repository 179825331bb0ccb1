-- Blocks between users (docs/safety.md, "Blocks"): a block works both ways until its blocker lifts it. Neither
-- sees the other's requests, takes them over, hears of them or writes to the other.

create table blocks (
  block_id integer generated always as identity primary key,
  blocker_id integer not null references users on delete cascade,
  blocked_id integer not null references users on delete cascade,
  -- The request it was made from, for the blocker's own list; the block outlives it.
  request_id integer references requests on delete set null,
  created_at timestamptz not null default now(),
  constraint blocks_not_self check (blocker_id <> blocked_id),
  constraint blocks_once unique (blocker_id, blocked_id)
);
-- The other direction: "who blocked this user", read with every session's user (server/domain/blocks/blocks.ts).
create index blocks_blocked_idx on blocks (blocked_id, blocker_id);
