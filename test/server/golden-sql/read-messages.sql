-- PUT /api/requests/:id/messages/read

begin

select r.request_id, r.owner_id, r.status, r.responder_id from requests r where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) )) for share

select max(message_id)::text as id from request_messages where request_id = $1 and message_id <= $2

insert into request_message_reads (request_id, user_id, last_read_id) values ($1, $2, $3::bigint) on conflict (request_id, user_id) do update set last_read_id = greatest(request_message_reads.last_read_id, excluded.last_read_id)

delete from push_jobs j using request_messages m where j.message_id = m.message_id and m.request_id = $1 and m.message_id <= $2 and m.author_id <> $3

commit
