-- Idempotency keys (docs/requests.md, "Sent once"): a phone that did not hear the answer to a creating call sends it
-- again with the same `Idempotency-Key`, and is answered what the first call was answered, without a second request,
-- message or thank-you.
--
-- The key is claimed (inserted) as the first statement of the transaction that creates the thing, and its answer is
-- written by the same transaction: the thing and its key are saved together or not at all. A second call with the
-- key waits on the primary key until the first commits (and then replays its answer) or rolls back (and then runs
-- itself). A refused or failed call leaves no key, so a retry after an error runs again.
create table idempotency_keys (
  user_id integer not null references users on delete cascade,
  key text not null check (key ~ '^[A-Za-z0-9_-]{1,100}$'),
  -- SHA-256 of the call (method, path and body): the same key with another call is refused.
  fingerprint bytea not null check (length(fingerprint) = 32),
  -- Null only inside the claiming transaction, before its work has answered.
  status smallint check (status between 200 and 299),
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key),
  check ((status is null) = (answer is null))
);

-- Housekeeping deletes keys after 24 hours.
create index idempotency_keys_created_at on idempotency_keys (created_at);
