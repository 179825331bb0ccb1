-- Share links (docs/requests.md, "Share links"): the owner of a request gives a friend a read-only page of it.

-- At most one link per request: a second share while it lives answers the same link, and a new one replaces it
-- only once it has expired. Revoking deletes the row, so the token is worthless at once.
-- The token itself is never stored: it is an HMAC of `nonce` under a key derived from the signing secret (which
-- lives outside the database), so the owner can be answered the same link again, while a copy of the database
-- holds no working link. `token_hash` (SHA-256 of the token) is what a visitor's token is looked up by.
create table share_links (
  request_id integer primary key references requests on delete cascade,
  nonce bytea not null check (length(nonce) = 32),
  token_hash bytea not null unique check (length(token_hash) = 32),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (expires_at > created_at)
);
