import { parseLetGoPause } from '#server/domain/requests/let-go.ts'
import { ApiError } from '#shared/api/errors.ts'

/**
 * The take-over budget as this device learnt it (docs/product.md, "Take-over budget"): the server's 429 says how
 * long the helper's take-overs are paused, and "I'm working on it" stays disabled with that reason until then, on
 * every request and after a reload. The server still decides: a pause this device never heard of only leaves the
 * button enabled, and its refusal is shown when pressed. Kept on the device by take-over-pause-storage.ts.
 */
/** When the pause that `error` tells of ends (ms since the epoch), or null when it is another error. */
export function takeOverPauseEnd(error: unknown, now = Date.now()): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || !parseLetGoPause(error.message)) return null
  return now + (error.retryAfterSeconds ?? 3600) * 1000
}

/** Whole hours left, rounded up, as the server's message counts them. */
export const hoursLeft = (until: number, now = Date.now()) => Math.max(1, Math.ceil((until - now) / 3_600_000))
