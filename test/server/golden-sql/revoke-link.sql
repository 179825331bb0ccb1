-- DELETE /api/requests/:id/share

begin

select r.request_id, r.owner_id, r.status, r.responder_id from requests r where r.request_id = $1 and r.deleted_at is null and not r.is_test and not (r.status <> 'completed' and exists ( select 1 from account_suspensions s_now where s_now.user_id = "r"."owner_id" and s_now.lifted_at is null and (s_now.ends_at is null or s_now.ends_at > now()) )) for no key update

delete from share_links where request_id = $1

commit
