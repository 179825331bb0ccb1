import { apiFetch, type CallOptions } from '#shared/api/client.ts'
import { IDEMPOTENCY_HEADER, type OutboxItem } from './outbox-item.ts'
import { SEND_TIMEOUT_MS } from './retry-rules.ts'

/** The call options of one attempt: the item's key, and an end after SEND_TIMEOUT_MS (docs/outbox.md). */
export async function withKeyAndTimeout<T>(key: string, send: (call: CallOptions) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS)
  try {
    return await send({ headers: { [IDEMPOTENCY_HEADER]: key }, signal: controller.signal })
  } finally {
    clearTimeout(timer)
  }
}

/** One more attempt of a kept item, through the page's API client (the stored token, a refresh on a 401). */
export const postItem = (item: OutboxItem): Promise<unknown> =>
  withKeyAndTimeout(item.key, (call) => apiFetch<unknown>(item.path, { method: 'POST', body: item.body, ...call }))
