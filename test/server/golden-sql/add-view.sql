-- PUT /api/requests/:id/add-view

begin

select r.request_id, r.owner_id, r.status, r.responder_id from requests r where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) )) for no key update

insert into request_views (request_id, viewer_id) values ($1, $2) on conflict do nothing returning request_id

update requests set views = views + 1 where request_id = $1

select r.request_id, r.owner_id, r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate, r.is_test, r.views, r.created_at, r.updated_at, r.completed_at, r.responder_id, r.got_help, r.phone_only_to_helper, r.responder_distance_km, o.user_name, o.phone, rs.user_name as responder_user_name, rs.phone as responder_phone, exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) ) as owner_suspended, coalesce(r.responder_id, lr.user_id) as latest_helper_id, coalesce(rs.user_name, lr.user_name) as latest_helper_name , r.deleted_at is not null as deleted from requests r join users o on o.user_id = r.owner_id left join users rs on rs.user_id = r.responder_id left join lateral ( select u.user_id, u.user_name from request_responses rr join users u on u.user_id = rr.responder_id where r.responder_id is null and rr.request_id = r.request_id order by rr.started_at desc limit 1 ) lr on true where r.request_id = $1

select pg_notify($1, $2)

select reach_latitude as latitude, reach_longitude as longitude from users where user_id = $1

commit
