import { reconnectDelay } from '#shared/live/backoff.ts'

/**
 * What an attempt's failure means for an outbox item (docs/outbox.md), by the HTTP status of the ApiError (0: no
 * answer at all). Pure, so tested without a browser or a worker.
 *
 * - `retry`: nothing was decided. No answer (offline, a dropped connection, the send timed out), a 408, or a 5xx: the
 *   same key is sent again later, and the server answers the first success again rather than making a second one.
 * - `session`: 401. The page's API client has already tried a refresh; the session is over, and ending it clears
 *   the outbox. Never shown as a refusal of the item.
 * - `refused`: any other 4xx (the daily limit's 429, 409, 403, 422, a 400 of validation): the server has decided, so
 *   sending it again would only be refused again. Shown on the item with the server's message, until dismissed.
 */
export type FailureOutcome = 'retry' | 'session' | 'refused'

export function outcomeOfStatus(status: number): FailureOutcome {
  if (status === 0 || status === 408 || status >= 500) return 'retry'
  if (status === 401) return 'session'
  return 'refused'
}

/** The status of a thrown value: an ApiError's, else 0 (a bug or an abort counts as "no answer"). */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status
  }
  return 0
}

export const outcomeOf = (error: unknown): FailureOutcome => outcomeOfStatus(statusOf(error))

/**
 * How long one attempt may take before it counts as "no answer" and waits in the outbox. With one bar of signal a
 * request can hang for minutes before the browser gives up; the user is told sooner that it will be sent by itself.
 * An attempt abandoned this way may still have landed: the key makes the next attempt answer that one.
 */
export const SEND_TIMEOUT_MS = 20_000

/**
 * The wait before the next attempt, after `attempts` attempts: the event stream's backoff (shared/live/backoff.ts),
 * 1 s doubling to 30 s with jitter. The network coming back or the app opening sends at once anyway.
 */
export function nextAttemptAt(attempts: number, nowMs: number, random: () => number = Math.random): number {
  return nowMs + reconnectDelay(Math.max(0, attempts - 1), random)
}
