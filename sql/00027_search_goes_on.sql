-- The search for a helper goes on after a let-go (docs/live-and-push.md, "When a helper lets go").
--
-- A take-over pauses the request's waves instead of ending them: its wave row stays, with no due time, so a release,
-- a removal by the owner, or a block or suspension that ends the response makes the next wave due at once, with the
-- wave count and the latest wave's time (the 2-minute spacing of "Alert more helpers now") as they were.
alter table push_waves alter column due_at drop not null;

-- Who was alerted is kept through a take-over, so that later waves skip them: a take-over stands them down and
-- marks them, and only a completion or a deletion forgets them (counted into requests.alerts_forgotten). A second
-- take-over after a release stands down only those alerted since the first.
alter table push_alerts add column stood_down_at timestamptz;

-- The take-over budget (docs/product.md, "Take-over budget"): a response released by its helper or removed by the
-- owner (a block included) within 30 minutes of its start is a let-go, decided when it ends and recorded here; 3
-- let-gos in a rolling 24 hours pause the helper's take-overs. A response ended by a suspension, a completion or a
-- deletion is never a let-go.
alter table request_responses add column let_go boolean not null default false;
create index request_responses_let_go_idx on request_responses (responder_id, ended_at) where let_go;
