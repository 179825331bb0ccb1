-- POST /api/subscriptions/unsubscribe

delete from push_subscriptions where endpoint = $1 and user_id = $2
