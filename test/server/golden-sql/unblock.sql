-- DELETE /api/user/blocks/:block_id

begin

delete from blocks where block_id = $1 and blocker_id = $2 returning blocked_id

select pg_notify($1, $2)

select pg_notify($1, $2)

commit
