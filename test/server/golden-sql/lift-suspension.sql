-- DELETE /api/admin/users/:id/suspension

begin

update account_suspensions set lifted_at = now(), lifted_by = $1 where user_id = $2 and lifted_at is null and (ends_at is null or ends_at > now()) returning 1

update requests set updated_at = now() where owner_id = any($1::int[]) and deleted_at is null and status <> 'completed' returning request_id

delete from push_waves where request_id = any($1::int[])

select pg_notify($1, $2)

select pg_notify($1, $2)

commit
