import type { Queryable } from '../../db/queryable.ts'

/**
 * A user's web push subscriptions, one per browser (docs/product.md#live-updates-and-push): like sessions and device
 * cookies they belong to the account and go with it. Sending to them, and forgetting the ones a push service says
 * are gone, is the push plugin's (server/plugins/push.ts).
 */
export interface PushSubscriptionKeys {
  p256dh: string
  auth: string
}

/**
 * A browser shared after a logout belongs to whoever subscribed it last. Subscribing again proves the app runs
 * there: the device is no longer stale (docs/live-and-push.md, "Stale subscriptions").
 */
export async function subscribe(
  sql: Queryable,
  userId: number,
  endpoint: string,
  keys: PushSubscriptionKeys,
): Promise<void> {
  await sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${endpoint}, ${userId}, ${keys.p256dh}, ${keys.auth})
    on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now(),
      unconfirmed_in_a_row = 0
  `
}

/** Only the user's own subscription: someone else's endpoint is left alone. */
export async function unsubscribe(sql: Queryable, userId: number, endpoint: string): Promise<void> {
  await sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}`
}
