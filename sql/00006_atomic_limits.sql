-- Limits that hold under parallel requests on every instance (issue 10).

-- A login attempt is recorded before its password is checked (under an advisory lock of the account and the
-- address), so parallel guesses see each other; a successful one is deleted again. What remains are failures
-- and attempts still being checked.
alter table login_failures rename to login_attempts;
alter table login_attempts rename column failed_at to attempted_at;
alter index login_failures_account_idx rename to login_attempts_account_idx;
alter index login_failures_ip_idx rename to login_attempts_ip_idx;

-- Fixed-window request counters per client address and route, shared by every instance: one upsert both checks
-- and counts a request.
create table rate_limit_counters (
  key text primary key,
  window_ends_at timestamptz not null,
  hits integer not null
);
create index rate_limit_counters_window_ends_at_idx on rate_limit_counters (window_ends_at);
