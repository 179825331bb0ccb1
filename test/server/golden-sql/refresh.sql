-- POST /api/user/refresh-token

begin

select t.session_id, s.user_id, t.rotated_at, s.revoked_at, s.expires_at <= now() as expired, s.expires_at, t.rotated_at > now() - make_interval(secs => $1) as within_grace from refresh_tokens t join sessions s using (session_id) where t.token_hash = $2 for update of t, s

select until, reason from ( select ends_at as until, reason from account_suspensions where user_id = $1 and lifted_at is null and (ends_at is null or ends_at > now()) limit 1 ) s

update refresh_tokens set rotated_at = now() where token_hash = $1

insert into refresh_tokens (token_hash, session_id) values ($1, $2)

commit

select "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way from users where user_id = $1
