-- DELETE /api/user

begin

select r.request_id, r.owner_id, r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate, r.is_test, r.views, r.created_at, r.updated_at, r.completed_at, r.responder_id, r.got_help, r.phone_only_to_helper, r.responder_distance_km, o.user_name, o.phone, rs.user_name as responder_user_name, rs.phone as responder_phone, exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ) as owner_suspended, coalesce(r.responder_id, lr.user_id) as latest_helper_id, coalesce(rs.user_name, lr.user_name) as latest_helper_name , false as deleted from requests r join users o on o.user_id = r.owner_id left join users rs on rs.user_id = r.responder_id left join lateral ( select u.user_id, u.user_name from request_responses rr join users u on u.user_id = rr.responder_id where r.responder_id is null and rr.request_id = r.request_id order by rr.started_at desc limit 1 ) lr on true where r.owner_id = $1 and r.deleted_at is null and r.status <> 'completed'

delete from push_alert_quota where user_id = $1

select pg_advisory_xact_lock(hashtextextended($1::text, 0))

select 1 from reports where reported_id = $1 order by report_id for no key update

select 1 from users where user_id = $1 for no key update

with reports as ( update reports set reported_id = null, reported_phone_key = $1, kept_since = now() where reported_id = $2 ), suspensions as ( update account_suspensions set user_id = null, phone_key = $3, kept_since = now() where user_id = $4 ), -- One statement for both sides: an admin who looked at their own number is both. views as ( update admin_phone_views set user_id = case when user_id = $5 then null else user_id end, user_phone_key = case when user_id = $6 then $7 else user_phone_key end, user_kept_since = case when user_id = $8 then now() else user_kept_since end, admin_id = case when admin_id = $9 then null else admin_id end, admin_phone_key = case when admin_id = $10 then $11 else admin_phone_key end, admin_kept_since = case when admin_id = $12 then now() else admin_kept_since end where user_id = $13 or admin_id = $14 ) select 1

update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now() where responder_id = $1 and status = 'in progress' returning request_id

delete from responder_positions where responder_id = $1

with gone as (delete from requests where owner_id = $1 returning request_id, is_test) insert into request_tombstones (request_id, is_test) select request_id, is_test from gone returning request_id

delete from phone_codes where phone = $1

delete from users where user_id = $1

select pg_notify($1, $2)

commit
