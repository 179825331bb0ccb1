-- POST /api/user/login (a phone code)

insert into rate_limit_counters as c (key, window_ends_at, hits) values ($1, now() + make_interval(secs => $2), 1) on conflict (key) do update set hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end, window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl

select "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way from users where phone = $1

select until, reason from ( select ends_at as until, reason from account_suspensions where user_id = $1 and lifted_at is null and (ends_at is null or ends_at > now()) limit 1 ) s

begin

insert into used_verification_tokens (token_id, expires_at) values ($1, $2) on conflict (token_id) do nothing returning token_id

insert into sessions (session_id, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3)) returning expires_at

insert into refresh_tokens (token_hash, session_id) values ($1, $2)

commit

with created as ( insert into device_cookies (device_id, user_id, nonce_hash, expires_at) values ($1, $2, $3, now() + make_interval(days => $4)) returning expires_at ), forgotten as ( delete from device_cookies where device_id in ( select device_id from device_cookies where user_id = $5 order by last_used_at desc offset $6 ) ) select expires_at from created
