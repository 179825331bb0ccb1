-- PUT /api/user/radius

update users set "radius"=$1 where user_id = $2 returning "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way

select pg_notify($1, $2)
