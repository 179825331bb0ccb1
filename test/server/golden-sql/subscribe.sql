-- POST /api/subscriptions/subscribe

insert into push_subscriptions (endpoint, user_id, p256dh, auth) values ($1, $2, $3, $4) on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now(), unconfirmed_in_a_row = 0
