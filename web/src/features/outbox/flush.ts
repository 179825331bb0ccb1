/**
 * One round of sending the outbox (docs/outbox.md), the same for the page and the service worker: each waiting item
 * of the signed-in user, oldest first, posted with its own Idempotency-Key; what landed is deleted, what the server
 * refused is marked, what got no answer waits with a backoff. Storage, sending and the clock are handed in, so the
 * rules run in Node tests as they are.
 */
import { byCreation, type OutboxItem, type OutboxRefusal } from './outbox-item.ts'
import { nextAttemptAt } from './retry-rules.ts'

/** The outbox's storage (IndexedDB in the app, a map in tests). */
export interface OutboxStorage {
  all: () => Promise<OutboxItem[]>
  /**
   * Changes an item only if it is still there: one cancelled while it was on its way stays cancelled. Answers the
   * changed item, or null when it was gone.
   */
  update: (key: string, change: (item: OutboxItem) => OutboxItem) => Promise<OutboxItem | null>
  remove: (key: string) => Promise<void>
}

/** What one attempt came to. */
export type Attempt =
  | { outcome: 'sent'; answer: unknown }
  | { outcome: 'retry' }
  | { outcome: 'refused'; refusal: OutboxRefusal }
  | { outcome: 'session' }

export interface FlushOptions {
  storage: OutboxStorage
  userId: number
  send: (item: OutboxItem) => Promise<Attempt>
  now?: () => number
  /** Send every waiting item now, whatever its backoff: the network came back, or the app just opened. */
  force?: boolean
  random?: () => number
}

export interface FlushReport {
  sent: Array<{ item: OutboxItem; answer: unknown }>
  refused: OutboxItem[]
  /** Still waiting after this round (not due, or tried and unanswered). */
  waiting: OutboxItem[]
  /** A 401 that a refresh could not cure: nothing more is sent in this session. */
  sessionOver: boolean
}

/**
 * Sends the items one at a time, oldest first: a queue, so a conversation's messages keep their order. The round
 * ends at the first item that is not due yet (its backoff) or gets no answer (the network is not there, and the
 * others would only wait for their own timeouts).
 */
export async function flushOutbox({
  storage,
  userId,
  send,
  now = Date.now,
  force = false,
  random = Math.random,
}: FlushOptions): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], waiting: [], sessionOver: false }
  const items = (await storage.all()).filter((item) => item.userId === userId && item.refusal === null)
  items.sort(byCreation)
  let stopped = false
  for (const item of items) {
    if (!stopped && !force && item.nextAttemptAt > now()) stopped = true
    if (stopped) {
      report.waiting.push(item)
      continue
    }
    const attempt = await send(item)
    if (attempt.outcome === 'sent') {
      await storage.remove(item.key)
      report.sent.push({ item, answer: attempt.answer })
    } else if (attempt.outcome === 'refused') {
      const refused = await storage.update(item.key, (held) => ({ ...held, refusal: attempt.refusal }))
      if (refused) report.refused.push(refused)
    } else if (attempt.outcome === 'session') {
      report.sessionOver = true
      report.waiting.push(item)
      stopped = true
    } else {
      const attempts = item.attempts + 1
      const waiting = await storage.update(item.key, (held) => ({
        ...held,
        attempts,
        nextAttemptAt: nextAttemptAt(attempts, now(), random),
      }))
      if (waiting) report.waiting.push(waiting)
      stopped = true
    }
  }
  return report
}

/** When the next round is due: the oldest waiting item's backoff (the queue's head), or null when nothing waits. */
export function nextRoundAt(items: readonly OutboxItem[]): number | null {
  const head = items.filter((item) => item.refusal === null).sort(byCreation)[0]
  return head ? head.nextAttemptAt : null
}

/**
 * Runs `work` while no other sender of this device does: the page's tabs and the service worker share one Web Lock
 * (https://developer.mozilla.org/docs/Web/API/Web_Locks_API), so an item is never on its way twice at once. Where
 * the API is missing (old browsers) it runs as is: a second copy would be answered from the first by its key.
 */
export async function withSendLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks
  if (!locks) return work()
  return locks.request(OUTBOX_LOCK, work)
}

/** The Web Lock's name, shared by every sender of the origin. */
export const OUTBOX_LOCK = 'pyoraapu-outbox'

interface LockManagerLike {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>
}
