-- PUT /api/user/password

begin

select count(pg_advisory_xact_lock(hashtextextended(key, 0))) from unnest($1::text[]) as key

select count(*) filter (where account_key = $1 and ip = $2)::int as pair, count(*) filter (where ip = $3)::int as address, count(*) filter (where account_key = $4)::int as account, extract(epoch from statement_timestamp() - min(attempted_at) filter (where account_key = $5 and ip = $6))::float8 as pair_oldest_age, extract(epoch from statement_timestamp() - min(attempted_at) filter (where ip = $7))::float8 as address_oldest_age, extract(epoch from statement_timestamp() - max(attempted_at) filter (where account_key = $8))::float8 as seconds_since_last from login_attempts where attempted_at > statement_timestamp() - make_interval(secs => $9) and (account_key = $10 or ip = $11) and device_id is null

insert into login_attempts (account_key, ip, attempted_at) values ($1, $2, statement_timestamp()) returning id

commit

delete from login_attempts where id = $1 or (account_key = $2 and ip = $3) or device_id = $4

begin

update users set "password_hash"=$1 where user_id = $2 returning "users"."user_id","users"."user_name","users"."phone","users"."password_hash","users"."radius","users"."language","users"."is_admin","users"."latitude","users"."longitude","users"."quiet_start","users"."quiet_end","users"."hourly_alert_cap","users"."available_to_help","users"."available_until","users"."ability_kit","users"."ability_transport","users"."ability_first_aid","users"."ability_languages", array( select b.blocked_id from blocks b where b.blocker_id = "users"."user_id" union select b.blocker_id from blocks b where b.blocked_id = "users"."user_id" order by 1 ) as blocked_either_way

update sessions set revoked_at = now(), revoked_reason = $1 where user_id = $2 and revoked_at is null and session_id <> $3

delete from device_cookies where user_id = $1

select pg_notify($1, $2)

commit
