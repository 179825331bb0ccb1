-- A code may also log in (docs/accounts.md, "Login with a code"): the owner of an account whose password logins an
-- attacker keeps slowed down signs in with a code sent to the account's phone. Its own purpose, so a login code
-- never registers or resets and a register or reset code never logs in.
alter table phone_codes drop constraint phone_codes_purpose_check;
alter table phone_codes add constraint phone_codes_purpose_check check (purpose in ('register', 'reset', 'login'));
