-- DELETE /api/services/:id

delete from services where service_id = $1 returning service_id

select pg_notify($1, $2)
