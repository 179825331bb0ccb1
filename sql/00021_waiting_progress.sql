-- The waiting owner's progress (docs/product.md#live-updates-and-push, "Progress while waiting"): how many helpers
-- were alerted, when the next wave goes, and "Alert more helpers now" at most once per 2 minutes.

-- When the request's latest wave went out, or was asked for with "Alert more helpers now" (null before the first).
-- The next ask may come 2 minutes after it: one conditional UPDATE of this row checks and records an ask, so of
-- parallel asks on any instance exactly one gets through.
alter table push_waves add column last_wave_at timestamptz;

-- How many were alerted of this request before a stand-down forgot them (push_alerts rows go at a take-over,
-- completion or deletion). Written by the stand-down in the transaction of the change, which holds the request's
-- row already; a wave never writes the request row (it would deadlock with a take-over waiting for the wave).
alter table requests add column alerts_forgotten integer not null default 0;
