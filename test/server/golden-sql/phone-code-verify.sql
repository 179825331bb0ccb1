-- POST /api/phone-verification/verify

insert into rate_limit_counters as c (key, window_ends_at, hits) values ($1, now() + make_interval(secs => $2), 1) on conflict (key) do update set hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end, window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl

begin

select purpose, code_hash from phone_codes where phone = $1 and used_at is null and expires_at > now() and failed_attempts < $2 for update

update phone_codes set used_at = now() where phone = $1 and purpose = $2

commit
