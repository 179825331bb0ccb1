import type { Queryable } from '../db/queryable.ts'
import { progressJson, progressOf } from '../domain/requests/progress.ts'
import type { ServerEvent } from '../schemas/events.ts'

/** What of the hub delivering the progress needs. */
export interface ProgressSockets {
  hasSockets(userId: number): boolean
  sendToUsers(userIds: readonly number[], event: ServerEvent): void
}

/**
 * News of one request's progress within this long is told once: a wave, the views that follow it and an ask for
 * more come in bursts, and the owner needs the counts after them, not each step.
 */
export const PROGRESS_COALESCE_MS = 300

/**
 * Tells a waiting owner, and nobody else, their request's progress (docs/product.md#progress-while-waiting): on news
 * of a wave, an ask for more, or a view counted. Each instance tells the owner's sockets it holds: news of a request
 * is held for PROGRESS_COALESCE_MS, then the progress is read once (by primary key) and sent, so a burst of news
 * costs one read and one event. News for an owner without a socket here costs nothing.
 */
export class ProgressDelivery {
  private readonly pending = new Map<number, NodeJS.Timeout>()

  constructor(
    private readonly sockets: ProgressSockets,
    private readonly sql: Queryable,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly coalesceMs = PROGRESS_COALESCE_MS,
  ) {}

  tell(requestId: number, ownerId: number): void {
    if (this.pending.has(requestId) || !this.sockets.hasSockets(ownerId)) return
    const timer = setTimeout(() => {
      this.pending.delete(requestId)
      this.send(requestId).catch((error: unknown) =>
        this.log.warn({ err: error, requestId }, 'delivering the progress failed'),
      )
    }, this.coalesceMs)
    timer.unref()
    this.pending.set(requestId, timer)
  }

  /** Forgets what is held (the instance closes). */
  clear(): void {
    for (const timer of this.pending.values()) clearTimeout(timer)
    this.pending.clear()
  }

  private async send(requestId: number): Promise<void> {
    const row = await progressOf(this.sql, requestId)
    if (!row) return
    this.sockets.sendToUsers([row.owner_id], {
      type: 'request.progress',
      request_id: requestId,
      progress: progressJson(row),
    })
  }
}
