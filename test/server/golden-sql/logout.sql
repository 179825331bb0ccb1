-- POST /api/user/logout

begin

update sessions set revoked_at = now(), revoked_reason = $1 where session_id = $2 and revoked_at is null returning user_id

update sessions set revoked_at = now(), revoked_reason = $1 where revoked_at is null and session_id = (select session_id from refresh_tokens where token_hash = $2) returning user_id

select pg_notify($1, $2)

commit
