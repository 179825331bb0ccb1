import type { Coordinates } from '#shared/api/types.ts'

/**
 * The server takes one update per response in 5 s (server/domain/requests/position.ts): sending more is waste. Half
 * a second more here, so that an update whose predecessor travelled slower than it does is not refused (seen: a 429
 * at 4.97 s, which cost the owner 5 s more of an old dot).
 */
export const SHARE_INTERVAL_MS = 5_500

/**
 * With no new fix for this long, the newest is sent again: a phone standing still may report nothing, and the owner
 * would read "last seen 2 min ago" (staleness.ts) of a helper who is right there with the app open. Only while the
 * page is in view: a hidden page's timers may still run for a while, and an old fix sent then would look current.
 */
export const KEEP_ALIVE_MS = 60_000

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

// Through globalThis: the tests run without the DOM's types (and pass their own).
const pageInView = () =>
  (globalThis as { document?: { visibilityState: string } }).document?.visibilityState !== 'hidden'

/**
 * "On my way": sends the helper's newest fix, at most once per SHARE_INTERVAL_MS. The first fix goes at once; fixes
 * within the interval replace each other and the newest goes when it is over. A refused or failed update is tried
 * again with the next fix after the interval; an update that says sharing is over stops the sharer. Without a new fix
 * the last one sent goes again every KEEP_ALIVE_MS while the page is in view.
 */
export class PositionSharer {
  private latest: Coordinates | null = null
  private lastSentAt = -Infinity
  private timer: unknown = null
  private lastSent: Coordinates | null = null
  private keepAliveTimer: unknown = null
  private sending = false
  private stopped = false

  constructor(
    private readonly send: (position: Coordinates) => Promise<SendOutcome>,
    private readonly onEnd: () => void = () => {},
    private readonly clock: SharerClock = realClock,
    private readonly inView: () => boolean = pageInView,
  ) {}

  fix(position: Coordinates): void {
    if (this.stopped) return
    this.latest = position
    this.schedule()
  }

  stop(): void {
    this.stopped = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    if (this.keepAliveTimer !== null) this.clock.clearTimeout(this.keepAliveTimer)
    this.timer = null
    this.keepAliveTimer = null
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
    if (outcome === 'sent') this.lastSent = position
    if (outcome === 'later') this.latest ??= position
    this.schedule()
    this.keepAlive()
  }

  /** From each send on, the last fix sent goes again after KEEP_ALIVE_MS unless a newer one went first. */
  private keepAlive(): void {
    if (this.keepAliveTimer !== null) this.clock.clearTimeout(this.keepAliveTimer)
    this.keepAliveTimer = null
    if (this.stopped || this.lastSent === null) return
    const again = this.lastSent
    this.keepAliveTimer = this.clock.setTimeout(() => {
      this.keepAliveTimer = null
      // A fix on its way is newer; a hidden page waits for the next real fix once it is shown.
      if (this.latest === null && !this.sending && this.inView()) this.fix(again)
    }, KEEP_ALIVE_MS)
  }
}
