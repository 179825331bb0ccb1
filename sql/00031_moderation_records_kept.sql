-- Moderation records outlive the account they are about (docs/adr/0018-moderation-records-by-phone-key.md): when an
-- account is deleted, the reports about it (with their decisions and reasons), its suspensions and bans, and the
-- admins' looks at its phone number stay for MODERATION_RECORD_DAYS, tied no longer to the user but to a keyed hash
-- of the phone number (HMAC-SHA-256 under a key derived from the server's signing secret): a new account with the
-- same number shows that history to admins, and a ban in force refuses the number's registration. Without the
-- secret the hash cannot be matched to a number, even by hashing every Finnish one.
--
-- `*_phone_key`: the keyed hash, set at the deletion together with `*_kept_since` (when the account was deleted,
-- from which the keeping time counts), in the same statement that lets go of the user id.

alter table reports alter column reported_id drop not null;
alter table reports add column reported_phone_key bytea, add column kept_since timestamptz;
alter table reports add constraint reports_about_someone check (
  reported_id is not null or (octet_length(reported_phone_key) = 32 and kept_since is not null)
);
create index reports_reported_phone_key_idx on reports (reported_phone_key) where reported_phone_key is not null;
create index reports_kept_since_idx on reports (kept_since) where kept_since is not null;

-- A ban, or a suspension not yet ended, of a deleted account stays until it ends, however long that is: while it
-- lasts the number cannot register again (docs/accounts.md, "Suspension and ban").
alter table account_suspensions alter column user_id drop not null;
alter table account_suspensions add column phone_key bytea, add column kept_since timestamptz;
alter table account_suspensions add constraint account_suspensions_about_someone check (
  user_id is not null or (octet_length(phone_key) = 32 and kept_since is not null)
);
create index account_suspensions_phone_key_idx on account_suspensions (phone_key) where phone_key is not null;

-- The audit of admins' looks at phone numbers (00008) now outlives both accounts it names, the same way: each side
-- is tied to its phone key once its account is gone.
alter table admin_phone_views alter column user_id drop not null;
alter table admin_phone_views
  add column admin_phone_key bytea,
  add column admin_kept_since timestamptz,
  add column user_phone_key bytea,
  add column user_kept_since timestamptz;
alter table admin_phone_views add constraint admin_phone_views_about_someone check (
  user_id is not null or (octet_length(user_phone_key) = 32 and user_kept_since is not null)
);
alter table admin_phone_views add constraint admin_phone_views_admin_kept check (
  admin_phone_key is null or (octet_length(admin_phone_key) = 32 and admin_kept_since is not null)
);
create index admin_phone_views_user_kept_idx on admin_phone_views (user_kept_since) where user_kept_since is not null;
create index admin_phone_views_admin_kept_idx on admin_phone_views (admin_kept_since)
  where admin_kept_since is not null;
