-- POST /api/requests/:id/reports

begin

select count(pg_advisory_xact_lock(hashtextextended(key, 0))) from unnest($1::text[]) as key

select r.request_id, r.owner_id, r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate, r.is_test, r.views, r.created_at, r.updated_at, r.completed_at, r.responder_id, r.got_help, r.phone_only_to_helper, r.responder_distance_km, o.user_name, o.phone, rs.user_name as responder_user_name, rs.phone as responder_phone, exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ) as owner_suspended, coalesce(r.responder_id, lr.user_id) as latest_helper_id, coalesce(rs.user_name, lr.user_name) as latest_helper_name from requests r join users o on o.user_id = r.owner_id left join users rs on rs.user_id = r.responder_id left join lateral ( select u.user_id, u.user_name from request_responses rr join users u on u.user_id = rr.responder_id where r.responder_id is null and rr.request_id = r.request_id order by rr.started_at desc limit 1 ) lr on true where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ))

select count(*) filter (where created_at >= date_trunc('day', now() at time zone $1) at time zone $2)::int as today, coalesce(bool_or(request_id = $3 and reported_id = $4), false) as again, extract(epoch from ( (date_trunc('day', now() at time zone $5) + interval '1 day') at time zone $6 ) - now())::float8 as retry_after from reports where reporter_id = $7

insert into reports (request_id, reporter_id, reported_id, about, reason, details) values ($1, $2, $3, $4, $5, $6) on conflict on constraint reports_once do nothing returning report_id

commit

select pg_notify($1, $2)
