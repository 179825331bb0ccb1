/**
 * The service worker's sender of the outbox (docs/outbox.md), run on Background Sync's `sync` event: the app may be
 * closed, and the worker cannot read the access token (it lives in the page's localStorage). So it gets a fresh one
 * from the refresh cookie (worker-token.ts), sends the items of the user that token belongs to, and tells the open
 * windows what landed. Free of DOM and worker types (the scope is handed in), so the worker's tsconfig and the
 * page's both compile it.
 */
import { flushOutbox, withSendLock, type Attempt } from './flush.ts'
import { deviceOutbox, outboxExists, readItems } from './outbox-db.ts'
import { IDEMPOTENCY_HEADER, type OutboxItem } from './outbox-item.ts'
import { OUTBOX_CHANGED, type OutboxNotice } from './outbox-notice.ts'
import { outcomeOfStatus } from './retry-rules.ts'
import { call, refreshInWorker, type WorkerScope } from './worker-token.ts'

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : ''
  } catch {
    return ''
  }
}

/** One attempt of an item with the worker's token. */
async function attemptWith(scope: WorkerScope, token: string, item: OutboxItem): Promise<Attempt> {
  const response = await call(scope, item.path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      [IDEMPOTENCY_HEADER]: item.key,
    },
    body: JSON.stringify(item.body),
  })
  if (!response) return { outcome: 'retry' }
  if (response.ok) {
    const text = await response.text().catch(() => '')
    let answer: unknown = undefined
    try {
      answer = text ? (JSON.parse(text) as unknown) : undefined
    } catch {
      answer = undefined
    }
    return { outcome: 'sent', answer }
  }
  const outcome = outcomeOfStatus(response.status)
  if (outcome !== 'refused') return { outcome }
  return { outcome: 'refused', refusal: { status: response.status, message: await messageOf(response) } }
}

/**
 * The `sync` event's work: everything waiting is sent now. Rejects while something still waits for an answer, so
 * the browser fires the event again later with its own backoff.
 */
export async function sendOutboxFromWorker(scope: WorkerScope): Promise<void> {
  if (!(await outboxExists())) return
  const waiting = (await readItems()).filter((item) => item.refusal === null)
  if (waiting.length === 0) return
  const session = await refreshInWorker(scope)
  if (!session) return
  const report = await withSendLock(() =>
    flushOutbox({
      storage: deviceOutbox,
      userId: session.userId,
      send: (item) => attemptWith(scope, session.token, item),
      force: true,
    }),
  )
  if (report.sent.length > 0 || report.refused.length > 0) {
    const notice: OutboxNotice = { type: OUTBOX_CHANGED, sent: report.sent }
    for (const window of await scope.windows()) window.postMessage(notice)
  }
  if (report.waiting.length > 0 && !report.sessionOver) throw new Error('Items of the outbox are still waiting')
}
