-- Reports, moderation decisions with their statement of reasons, and the notices that tell users of them
-- (docs/admin.md, "Moderation"; the Digital Services Act, Art. 16-17: notices are taken and decisions explained).

-- A signed-in user's report about a person on a request: its owner, or its helper (the current one, or the most
-- recent one after a release or removal). One per reporter, request and reported person: the unique constraint
-- makes a second one, or a parallel twin, a conflict. A report outlives its reporter's account and the request
-- (both become null), so the reported person's history keeps it; it goes with the reported person's account.
create table reports (
  report_id integer generated always as identity primary key,
  request_id integer references requests on delete set null,
  reporter_id integer references users on delete set null,
  reported_id integer not null references users on delete cascade,
  about text not null check (about in ('owner', 'responder')),
  reason text not null check (reason in ('harassment', 'unsafe', 'no_show', 'fake', 'spam', 'other')),
  details text check (char_length(details) between 1 and 500),
  created_at timestamptz not null default now(),
  constraint reports_not_self check (reporter_id <> reported_id),
  constraint reports_once unique (reporter_id, request_id, reported_id)
);
-- The daily limit counts a reporter's reports of the Helsinki day; the history and the counts read by person.
create index reports_reporter_created_idx on reports (reporter_id, created_at);
create index reports_reported_idx on reports (reported_id);

-- An admin's decision on one report. A report is closed exactly when it has one: the primary key on report_id makes
-- a second decision (or a parallel one) a conflict. `days` only for a suspension.
create table moderation_decisions (
  report_id integer primary key references reports on delete cascade,
  action text not null check (action in ('dismiss', 'warn', 'suspend', 'ban')),
  reason text not null check (char_length(reason) between 1 and 500),
  days integer check (days between 1 and 365),
  decided_by integer references users on delete set null,
  decided_at timestamptz not null default now(),
  constraint moderation_decisions_days check ((action = 'suspend') = (days is not null))
);
create index moderation_decisions_decided_idx on moderation_decisions (decided_at);

-- What a user is told of a decision at their next start, until they acknowledge it: the warned user the statement
-- of reasons (`warning`), the reporter the outcome without details of the other person (`report_reviewed`).
create table user_notices (
  notice_id integer generated always as identity primary key,
  user_id integer not null references users on delete cascade,
  report_id integer not null references moderation_decisions on delete cascade,
  kind text not null check (kind in ('warning', 'report_reviewed')),
  created_at timestamptz not null default now(),
  seen_at timestamptz,
  constraint user_notices_once unique (report_id, kind)
);
create index user_notices_unseen_idx on user_notices (user_id) where seen_at is null;
