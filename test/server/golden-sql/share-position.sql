-- PUT /api/requests/:id/responder-position

begin

select r.request_id, r.owner_id, r.status, r.responder_id from requests r where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) )) for share

insert into responder_positions as p (request_id, responder_id, latitude, longitude) values ($1, $2, $3, $4) on conflict (request_id) do update set responder_id = excluded.responder_id, latitude = excluded.latitude, longitude = excluded.longitude, shared_at = now() where p.shared_at <= now() - make_interval(secs => $5) or p.responder_id <> excluded.responder_id returning shared_at

select pg_notify($1, $2)

commit
