-- POST /api/user/notices/:id/seen

update user_notices set seen_at = coalesce(seen_at, now()) where notice_id = $1 and user_id = $2 returning 1
