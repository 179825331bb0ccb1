/**
 * What the outbox keeps (docs/outbox.md): a new request, message or thank-you that could not be sent, with the
 * Idempotency-Key made when the user pressed Send. Pure types and helpers, used by the page and the service worker
 * alike, so free of DOM and worker types.
 */

/** The three calls the outbox sends again: POST /api/requests, .../{id}/messages and .../{id}/thanks. */
export type OutboxKind = 'request' | 'message' | 'thanks'

/** Why the server refused an item for good (a 4xx other than 401): kept to be shown until dismissed. */
export interface OutboxRefusal {
  status: number
  /** The server's `message`, shown through the error text mapping in the user's language. */
  message: string
}

export interface OutboxItem {
  /** The Idempotency-Key sent with every attempt; also the item's key in IndexedDB. */
  key: string
  /** Whose it is: only this user's session sends it, and only their screens show it. */
  userId: number
  kind: OutboxKind
  /** The API path it is posted to. */
  path: string
  /** The JSON body, exactly as first sent: a replay with another body would be refused (422). */
  body: unknown
  /** The request a message or thank-you belongs to; null for a new request. */
  requestId: number | null
  /** When the user pressed Send (ms since the epoch): items go out oldest first. */
  createdAt: number
  /** Attempts made so far, the first one from the composer included. */
  attempts: number
  /** Not sent again before this time (ms), unless the network just came back or the app just opened. */
  nextAttemptAt: number
  /** Set once the server refused it: never sent again, shown until dismissed. */
  refusal: OutboxRefusal | null
}

/** What the composer hands over: the rest is the outbox's bookkeeping. */
export interface OutboxDraft {
  userId: number
  kind: OutboxKind
  path: string
  body: unknown
  requestId: number | null
}

/** The header the server reads (docs/outbox.md): 1-100 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && KEY_PATTERN.test(value)

/** A fresh key: a random UUID (36 characters of hex digits and hyphens), made once per press of Send. */
export function newIdempotencyKey(random: { randomUUID: () => string } = globalThis.crypto): string {
  return random.randomUUID()
}

/** The path of each kind: the server's contract (docs/requests.md). */
export function outboxPath(kind: OutboxKind, requestId: number | null): string {
  if (kind === 'request') return '/api/requests'
  return `/api/requests/${requestId}/${kind === 'message' ? 'messages' : 'thanks'}`
}

/** An item's shape as read back from storage; anything else (an older or damaged record) is skipped. */
export function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    isIdempotencyKey(item.key) &&
    typeof item.userId === 'number' &&
    (item.kind === 'request' || item.kind === 'message' || item.kind === 'thanks') &&
    typeof item.path === 'string' &&
    item.path.startsWith('/api/requests') &&
    typeof item.createdAt === 'number' &&
    typeof item.attempts === 'number' &&
    typeof item.nextAttemptAt === 'number' &&
    (item.requestId === null || typeof item.requestId === 'number') &&
    (item.refusal === null || (typeof item.refusal === 'object' && item.refusal !== undefined))
  )
}

/** Oldest first: messages of one conversation keep their order. */
export const byCreation = (a: OutboxItem, b: OutboxItem): number =>
  a.createdAt - b.createdAt || (a.key < b.key ? -1 : 1)
