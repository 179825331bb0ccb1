-- POST /api/user/register

insert into rate_limit_counters as c (key, window_ends_at, hits) values ($1, now() + make_interval(secs => $2), 1) on conflict (key) do update set hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end, window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl

begin

select pg_advisory_xact_lock(hashtextextended($1::text, 0))

select 1 from account_suspensions where phone_key = $1 and lifted_at is null and (ends_at is null or ends_at > now()) limit 1

insert into used_verification_tokens (token_id, expires_at) values ($1, $2) on conflict (token_id) do nothing returning token_id

insert into users (user_name, phone, password_hash, radius, language, latitude, longitude, location_updated_at) values ( $1, $2, $3, $4, $5, $6, $7, now() ) returning "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way

insert into sessions (session_id, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3)) returning expires_at

insert into refresh_tokens (token_hash, session_id) values ($1, $2)

commit
