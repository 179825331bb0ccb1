-- Device cookies (OWASP "Slow down online guessing attacks with device cookies"; README "Security", "Password
-- guessing"): a browser that signed in to an account is trusted by that account's login limits, so failures made
-- elsewhere never slow its owner down. Only a hash of the cookie's nonce is stored, and a successful login replaces
-- it (rotation), so a copied old cookie is worth nothing. Device trust ends with the account (cascade).
create table device_cookies (
  device_id uuid primary key,
  user_id integer not null references users (user_id) on delete cascade,
  nonce_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index device_cookies_user_id_idx on device_cookies (user_id, last_used_at);
create index device_cookies_expires_at_idx on device_cookies (expires_at);

-- A login attempt made with a trusted device cookie counts against that device only (its own small budget),
-- never against the account or the address; null for every other attempt. No foreign key: a device forgotten
-- meanwhile (rotation race, password reset) leaves plain attempts that the hourly purge removes.
alter table login_attempts add column device_id uuid;
create index login_attempts_device_idx on login_attempts (device_id, attempted_at) where device_id is not null;
