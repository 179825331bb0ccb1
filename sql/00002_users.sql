-- Accounts, login sessions and phone verification.

create table users (
  user_id integer generated always as identity primary key,
  user_name text not null check (char_length(user_name) between 3 and 16),
  -- E.164, normalised by the server before it is stored.
  phone text not null unique,
  password_hash text not null,
  radius integer not null default 10 check (radius between 1 and 999),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  location_updated_at timestamptz,
  -- Kept for texts the server writes in the user's language (push notifications, SMS).
  language text not null default 'english' check (language in ('finnish', 'swedish', 'english')),
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  constraint users_location_pair check ((latitude is null) = (longitude is null))
);

-- User names are unique ignoring case: "Mikko" and "mikko" are the same person to other users.
create unique index users_user_name_lower_key on users (lower(user_name));

-- A login: a family of refresh tokens, each used once and replaced by the next.
create table sessions (
  session_id uuid primary key,
  user_id integer not null references users on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_id_idx on sessions (user_id);

-- Only a hash of each refresh token is stored; rotated_at is set when it has been exchanged for the next one.
create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions on delete cascade,
  created_at timestamptz not null default now(),
  rotated_at timestamptz
);
create index refresh_tokens_session_id_idx on refresh_tokens (session_id);

-- The live SMS code of a phone for one purpose; a new send replaces it.
create table phone_codes (
  phone text not null,
  purpose text not null check (purpose in ('register', 'reset')),
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  used_at timestamptz,
  primary key (phone, purpose)
);

-- Every code sent, counted for the abuse limits (per phone, per client address, per day).
create table sms_sends (
  id bigint generated always as identity primary key,
  phone text not null,
  ip text not null,
  sent_at timestamptz not null default now()
);
create index sms_sends_phone_idx on sms_sends (phone, sent_at);
create index sms_sends_ip_idx on sms_sends (ip, sent_at);
create index sms_sends_sent_at_idx on sms_sends (sent_at);

-- Phone-verification tokens are single use: the ids of those spent, kept until they would have expired.
create table used_verification_tokens (
  token_id text primary key,
  expires_at timestamptz not null
);

-- Failed logins, counted per account and per client address against password guessing.
create table login_failures (
  id bigint generated always as identity primary key,
  account_key text not null,
  ip text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_account_idx on login_failures (account_key, failed_at);
create index login_failures_ip_idx on login_failures (ip, failed_at);
