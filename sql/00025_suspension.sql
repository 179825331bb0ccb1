-- Suspensions and bans (docs/accounts.md, "Suspension and ban"): an admin's decision that ends every session of a
-- user, refuses their logins and hides their open requests from everyone but admins until it ends or is lifted.
-- Every decision stays as a row, so the user's history shows each one and who decided and lifted it.
create table account_suspensions (
  suspension_id integer generated always as identity primary key,
  user_id integer not null references users on delete cascade,
  decided_at timestamptz not null default now(),
  -- When a suspension ends by itself; null: a ban, which lasts until an admin lifts it.
  ends_at timestamptz,
  -- The statement of reasons, shown to the user when a login is refused.
  reason text not null check (char_length(reason) between 1 and 500),
  decided_by integer references users on delete set null,
  -- When it stopped being in force: lifted by an admin (lifted_by), replaced by a newer decision (lifted_by: its
  -- decider), or ended by time (lifted_at = ends_at, lifted_by null), recorded by the first instance to notice.
  lifted_at timestamptz,
  lifted_by integer references users on delete set null,
  constraint account_suspensions_ends_later check (ends_at is null or ends_at > decided_at)
);

-- The decision in force (if any) is the user's one row not lifted whose end is still ahead: at most one such row
-- per user, as a new decision lifts the one before it in its transaction. The index holds only these few rows, so
-- the visibility rule's lookup by owner (server/domain/moderation/in-force.ts) costs next to nothing.
create unique index account_suspensions_current_key on account_suspensions (user_id) where lifted_at is null;
create index account_suspensions_user_idx on account_suspensions (user_id);
