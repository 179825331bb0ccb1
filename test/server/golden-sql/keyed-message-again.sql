-- POST /api/requests/:id/messages with the same Idempotency-Key again

begin

insert into idempotency_keys as k (user_id, key, fingerprint) values ($1, $2, $3) on conflict (user_id, key) do update set fingerprint = excluded.fingerprint, status = null, answer = null, created_at = now() where k.created_at < now() - make_interval(hours => $4) returning 1

select fingerprint, status, answer from idempotency_keys where user_id = $1 and key = $2

rollback
