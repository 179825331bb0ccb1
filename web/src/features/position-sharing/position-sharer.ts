import type { Coordinates } from '../../shared/api/types.ts'

/**
 * The server takes one update per response in 5 s (server/domain/requests/position.ts): sending more is waste. Half
 * a second more here, so that an update whose predecessor travelled slower than it does is not refused (seen: a 429
 * at 4.97 s, which cost the owner 5 s more of an old dot).
 */
export const SHARE_INTERVAL_MS = 5_500

/** What became of one update: taken, to be tried again with a later fix, or the end of sharing (not the helper). */
export type SendOutcome = 'sent' | 'later' | 'end'

export interface SharerClock {
  now: () => number
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

const realClock: SharerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/**
 * "On my way": sends the helper's newest fix, at most once per SHARE_INTERVAL_MS. The first fix goes at once; fixes
 * within the interval replace each other and the newest goes when it is over. A refused or failed update is tried
 * again with the next fix after the interval; an update that says sharing is over stops the sharer.
 */
export class PositionSharer {
  private latest: Coordinates | null = null
  private lastSentAt = -Infinity
  private timer: unknown = null
  private sending = false
  private stopped = false

  constructor(
    private readonly send: (position: Coordinates) => Promise<SendOutcome>,
    private readonly onEnd: () => void = () => {},
    private readonly clock: SharerClock = realClock,
  ) {}

  fix(position: Coordinates): void {
    if (this.stopped) return
    this.latest = position
    this.schedule()
  }

  stop(): void {
    this.stopped = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }

  private schedule(): void {
    if (this.stopped || this.timer !== null || this.sending || this.latest === null) return
    const wait = Math.max(0, this.lastSentAt + SHARE_INTERVAL_MS - this.clock.now())
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      void this.flush()
    }, wait)
  }

  private async flush(): Promise<void> {
    const position = this.latest
    if (this.stopped || position === null) return
    this.latest = null
    this.sending = true
    this.lastSentAt = this.clock.now()
    const outcome = await this.send(position).catch((): SendOutcome => 'later')
    this.sending = false
    if (outcome === 'end') {
      this.stop()
      this.onEnd()
      return
    }
    if (outcome === 'later') this.latest ??= position
    this.schedule()
  }
}
