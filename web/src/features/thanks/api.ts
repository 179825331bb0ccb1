import { apiFetch, type CallOptions } from '#shared/api/client.ts'
import type { Thanks, Trust } from '#server/schemas/thanks.ts'

/** The server's types of thanks and trust (docs/product.md#thanks-and-helped-counts). */
export type { Thanks, Trust }

/** `call`: the Idempotency-Key the outbox made when the user pressed Send, and its timeout (docs/outbox.md). */
export const sendThanks = (requestId: number, text: string, call: CallOptions = {}) =>
  apiFetch<Thanks>(`/api/requests/${requestId}/thanks`, { method: 'POST', body: { text }, ...call })
export const fetchTrust = (requestId: number) => apiFetch<Trust>(`/api/requests/${requestId}/thanks`)
export async function fetchHelpedCount(): Promise<number> {
  return (await apiFetch<{ helped: number }>('/api/user/helped')).helped
}
