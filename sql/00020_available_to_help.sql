-- "I can help now" (docs/product.md#live-updates-and-push): a helper's switch for alerts about other people's new
-- requests. Off, the push waves pass the user over (server/push/wave-selection.ts); they still see the list and take
-- requests over as before, and news of their own request or of the one they help still goes. On by default: every
-- user who subscribed to push so far did so to be alerted.
-- On for a chosen time (an hour, three, the rest of the Helsinki day): `available_until`, after which it is off
-- until turned on again; null while on with no end, or while off.
alter table users add column available_to_help boolean not null default true;
alter table users add column available_until timestamptz;
