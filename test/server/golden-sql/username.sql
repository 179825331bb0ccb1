-- PUT /api/user/username

insert into rate_limit_counters as c (key, window_ends_at, hits) values ($1, now() + make_interval(secs => $2), 1) on conflict (key) do update set hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end, window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl

update users set "user_name"=$1 where user_id = $2 returning "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way

select pg_notify($1, $2)
