import type { Coordinates } from '#shared/api/types.ts'
import { distanceKm } from '#features/requests'

/** The server's copy of the position (the centre of the user's reach) is refreshed after moving farther than this. */
export const REPORT_DISTANCE_KM = 1
/** At most one report per this many ms, however fast the user moves: a train ride would otherwise send many. */
export const REPORT_INTERVAL_MS = 60_000

/** A report the server took: where, and when (ms since the epoch). */
export interface Report {
  position: Coordinates
  at: number
}

export interface ReporterClock {
  now: () => number
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

const realClock: ReporterClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/**
 * Keeps the user's position on the server current without flooding it: the first fix is reported, later ones only
 * once they are more than REPORT_DISTANCE_KM from the last report, and at most once per REPORT_INTERVAL_MS; a move
 * within the interval is reported when it ends, with the newest fix. A failed report is retried at a later fix.
 */
export class LocationReporter {
  private latest: Coordinates | null = null
  private timer: unknown = null
  private sending = false
  /** When the last report was sent, taken or not: a failing server is not asked more often either. */
  private attemptedAt = -Infinity

  constructor(
    private readonly send: (position: Coordinates) => Promise<void>,
    /** The last report the server took (e.g. earlier in this browser session), or null. */
    private last: Report | null = null,
    private readonly clock: ReporterClock = realClock,
  ) {}

  get lastReport(): Report | null {
    return this.last
  }

  /** A new fix of the browser's position. */
  moved(position: Coordinates): void {
    this.latest = position
    this.consider()
  }

  /** Logged out: nothing more is sent, and the next session starts afresh. */
  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.latest = null
    this.last = null
    this.attemptedAt = -Infinity
  }

  private consider(): void {
    const position = this.latest
    if (!position || this.sending || this.timer !== null) return
    const last = this.last
    if (last && distanceKm(last.position, position) <= REPORT_DISTANCE_KM) return
    const wait = Math.max(last?.at ?? -Infinity, this.attemptedAt) + REPORT_INTERVAL_MS - this.clock.now()
    if (wait > 0) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = null
        this.consider()
      }, wait)
      return
    }
    this.sending = true
    this.attemptedAt = this.clock.now()
    this.send(position)
      .then(() => {
        this.last = { position, at: this.clock.now() }
      })
      .catch(() => {
        // The server's copy is as it was: the next fix after the interval tries again.
      })
      .finally(() => {
        this.sending = false
      })
  }
}
