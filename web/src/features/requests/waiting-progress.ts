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

/**
 * What the search has found so far, as the owner needs to hear it (docs/product.md#progress-while-waiting, "When
 * nobody is near"): `nobody` when a round ran and nobody at all was within reach (no helper alerted yet, and the
 * latest round alerted none, or no round is left); `no-one-new` when helpers were alerted before but the latest round
 * found nobody new to alert; else `searching`. The first two put what else to do right in the block.
 */
export type SearchOutcome = 'searching' | 'nobody' | 'no-one-new'

export function searchOutcome(progress: WaitingProgress): SearchOutcome {
  const { alerted, last_round_alerted: lastRound, rounds } = progress
  if (alerted === 0)
    return lastRound === 0 || (rounds === null && progress.next_wave_at === null) ? 'nobody' : 'searching'
  return lastRound === 0 ? 'no-one-new' : 'searching'
}

/**
 * Whether "More helpers are being alerted." still holds after an ask answered with `askedRounds` rounds: until the
 * round it brought comes back having found nobody new (then the block says so instead).
 */
export function stillAlertingAfterAsk(progress: WaitingProgress, askedRounds: number | null): boolean {
  // No round left (the asked one was the last) or no count to compare: the counts say what it did.
  if (askedRounds === null || progress.rounds === null) return false
  return !(progress.rounds > askedRounds && progress.last_round_alerted === 0)
}
