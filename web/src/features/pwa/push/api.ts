import { apiFetch } from '../../../shared/api/client.ts'

/**
 * The web push subscription endpoints (docs/product.md#live-updates-and-push); the server keeps one row per browser,
 * several per user.
 */

export interface PushSubscriptionData {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export const checkSubscription = async (endpoint: string): Promise<boolean> =>
  (
    await apiFetch<{ isSubscribed: boolean }>(
      `/api/subscriptions/check-subscription?endpoint=${encodeURIComponent(endpoint)}`,
    )
  ).isSubscribed === true

export const saveSubscription = (subscription: PushSubscriptionData) =>
  apiFetch<{ message: string }>('/api/subscriptions/subscribe', { method: 'POST', body: { subscription } })

export const deleteSubscription = (endpoint: string) =>
  apiFetch<{ message: string }>('/api/subscriptions/unsubscribe', { method: 'POST', body: { endpoint } })
