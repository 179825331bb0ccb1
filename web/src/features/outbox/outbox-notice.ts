/**
 * What the service worker tells the app's windows after it sent items of the outbox (docs/outbox.md), beside the
 * worker protocol of features/pwa/worker-protocol.ts. Pure: the worker and the page both import it.
 */
import { isOutboxItem, type OutboxItem } from './outbox-item.ts'

export const OUTBOX_CHANGED = 'OUTBOX_CHANGED'

export interface OutboxNotice {
  type: typeof OUTBOX_CHANGED
  /** What landed, with the server's answers; a window shows them as sent and reads the outbox again. */
  sent: Array<{ item: OutboxItem; answer: unknown }>
}

export function isOutboxNotice(data: unknown): data is OutboxNotice {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== OUTBOX_CHANGED) return false
  return (
    'sent' in data &&
    Array.isArray(data.sent) &&
    data.sent.every(
      (entry: unknown) => typeof entry === 'object' && entry !== null && 'item' in entry && isOutboxItem(entry.item),
    )
  )
}
