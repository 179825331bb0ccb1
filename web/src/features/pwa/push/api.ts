import { apiFetch } from '#shared/api/client.ts'

/**
 * The web push subscription endpoints (docs/product.md#live-updates-and-push); the server keeps one row per browser,
 * several per user.
 */

export interface PushSubscriptionData {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** Whether this browser's subscription is the user's, and when an alert last reached it (null: never). */
export const checkSubscription = async (
  endpoint: string,
): Promise<{ subscribed: boolean; lastReachedAt: string | null }> => {
  const answer = await apiFetch<{ isSubscribed: boolean; lastReachedAt?: string | null }>(
    `/api/subscriptions/check-subscription?endpoint=${encodeURIComponent(endpoint)}`,
  )
  return { subscribed: answer.isSubscribed === true, lastReachedAt: answer.lastReachedAt ?? null }
}

/** "Send me a practice alert" (docs/live-and-push.md, "Practice alert"): 202, 409 without a subscription, 429. */
export const sendPracticeAlert = () => apiFetch<{ devices: number }>('/api/user/test-alert', { method: 'POST' })

export const saveSubscription = (subscription: PushSubscriptionData) =>
  apiFetch<{ message: string }>('/api/subscriptions/subscribe', { method: 'POST', body: { subscription } })

export const deleteSubscription = (endpoint: string) =>
  apiFetch<{ message: string }>('/api/subscriptions/unsubscribe', { method: 'POST', body: { endpoint } })
