-- GET /api/requests/:id (nearby: a reveal of the owner’s number)

select r.request_id, r.owner_id, r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate, r.is_test, r.views, r.created_at, r.updated_at, r.completed_at, r.responder_id, r.got_help, r.phone_only_to_helper, r.responder_distance_km, o.user_name, o.phone, rs.user_name as responder_user_name, rs.phone as responder_phone, exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ) as owner_suspended, coalesce(r.responder_id, lr.user_id) as latest_helper_id, coalesce(rs.user_name, lr.user_name) as latest_helper_name from requests r join users o on o.user_id = r.owner_id left join users rs on rs.user_id = r.responder_id left join lateral ( select u.user_id, u.user_name from request_responses rr join users u on u.user_id = rr.responder_id where r.responder_id is null and rr.request_id = r.request_id order by rr.started_at desc limit 1 ) lr on true where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ))

begin

select reach_latitude as latitude, reach_longitude as longitude from users where user_id = $1

select count(pg_advisory_xact_lock(hashtextextended(key, 0))) from unnest($1::text[]) as key

with reveal_day as (select (now() at time zone $1)::date as day), reveal_target as (select request_id from requests where request_id = $2 for key share), reveal_counted as ( select count(*) as revealed, coalesce(bool_or(p.request_id = $3), false) as again from phone_reveals p, reveal_day where p.viewer_id = $4 and p.day = reveal_day.day ), reveal_added as ( insert into phone_reveals (viewer_id, day, request_id) select $5, reveal_day.day, reveal_target.request_id from reveal_day, reveal_counted, reveal_target where not reveal_counted.again and reveal_counted.revealed < $6 returning 1 ) select ( exists (select 1 from reveal_target) and ((select again from reveal_counted) or exists (select 1 from reveal_added)) ) as shown

commit
