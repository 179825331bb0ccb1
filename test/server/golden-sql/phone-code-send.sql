-- POST /api/phone-verification/send (register)

insert into rate_limit_counters as c (key, window_ends_at, hits) values ($1, now() + make_interval(secs => $2), 1) on conflict (key) do update set hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end, window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl

select exists (select 1 from users where phone = $1) as taken

begin

select count(pg_advisory_xact_lock(hashtextextended(key, 0))) from unnest($1::text[]) as key

select count(*) filter (where phone = $1 and sent_at > now() - make_interval(mins => $2))::int as phone, count(*) filter (where ip = $3 and sent_at > now() - interval '1 hour')::int as ip, count(*) filter (where sent_at >= date_trunc('day', now() at time zone 'Europe/Helsinki') at time zone 'Europe/Helsinki')::int as today from sms_sends where sent_at > now() - interval '25 hours'

insert into sms_sends (phone, ip) values ($1, $2)

commit

insert into phone_codes (phone, purpose, code_hash, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4)) on conflict (phone, purpose) do update set code_hash = excluded.code_hash, created_at = now(), expires_at = excluded.expires_at, failed_attempts = 0, used_at = null
