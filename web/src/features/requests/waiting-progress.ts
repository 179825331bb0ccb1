import type { WaitingProgress } from '#server/schemas/waiting-progress.ts'
import { apiFetch } from '#shared/api/client.ts'

/** The server's type of the waiting owner's progress (docs/product.md#progress-while-waiting). */
export type { WaitingProgress }

const path = (id: number, action: string) => `/api/requests/${id}/${action}`

export const fetchWaitingProgress = (requestId: number) => apiFetch<WaitingProgress>(path(requestId, 'progress'))
/** "Alert more helpers now": answers the progress with the next wave due at once. */
export const askToAlertMore = (requestId: number) =>
  apiFetch<WaitingProgress>(path(requestId, 'alert-more'), { method: 'POST' })

/** A due time this close counts as now: the worker is sending it. */
const NOW_MS = 5_000

/**
 * What the progress block says, at `nowMs`: when the next round of alerts goes (`none`: no more rounds; `now`: it is
 * going out), and whether "Alert more helpers now" is offered (`ready`), offered later (`wait`) or not at all
 * (`hidden`: no round left to hurry). Times come from the server's clock; a device clock that is off only moves when
 * the button wakes up, and the server still decides (a 429 says when).
 */
export interface ProgressView {
  next: { kind: 'none' } | { kind: 'now' } | { kind: 'at'; at: string }
  alertMore: { kind: 'hidden' } | { kind: 'ready' } | { kind: 'wait'; until: string }
}

export function progressView(progress: WaitingProgress, nowMs: number): ProgressView {
  const { next_wave_at: nextAt, alert_more_available_at: availableAt } = progress
  if (nextAt === null) return { next: { kind: 'none' }, alertMore: { kind: 'hidden' } }
  const next = Date.parse(nextAt) - nowMs <= NOW_MS ? { kind: 'now' as const } : { kind: 'at' as const, at: nextAt }
  if (availableAt === null) return { next, alertMore: { kind: 'hidden' } }
  return {
    next,
    alertMore: Date.parse(availableAt) <= nowMs ? { kind: 'ready' } : { kind: 'wait', until: availableAt },
  }
}
