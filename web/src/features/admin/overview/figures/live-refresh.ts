/** The clock and timers a LiveRefresh uses: the real ones in the page, a fake one in tests. */
export interface RefreshClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realClock: RefreshClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface LiveRefreshOptions {
  /** Fetches and shows the figures; reports its own failures (a rejection is ignored here). */
  load: () => Promise<void>
  /** At least this long between the starts of two loads, however many changes arrive. */
  minGapMs: number
  /** While the page is visible, a load at least this often even without any change. */
  periodMs: number
  clock?: RefreshClock
}

/**
 * When the dashboard's figures are fetched: soon after a change (a live event), but at most once per `minGapMs`
 * (changes in between are folded into one trailing load), every `periodMs` while the page is visible, and never
 * two loads at once. A hidden page loads nothing; what it missed is loaded when it is shown again.
 */
export class LiveRefresh {
  private readonly clock: RefreshClock
  private visible = true
  private stopped = false
  private loading = false
  /** A load is wanted: a change arrived, the period ran out, or the caller asked. */
  private wanted = false
  private lastStart = Number.NEGATIVE_INFINITY
  private gapTimer: unknown = null
  private periodTimer: unknown = null

  constructor(private readonly options: LiveRefreshOptions) {
    this.clock = options.clock ?? realClock
  }

  /** Something changed, or the user asked: load as soon as the gap since the last load allows. */
  refresh(): void {
    if (this.stopped) return
    this.wanted = true
    this.pump()
  }

  setVisible(visible: boolean): void {
    if (this.stopped || visible === this.visible) return
    this.visible = visible
    if (!visible) {
      this.clearTimer('periodTimer')
      this.clearTimer('gapTimer')
      return
    }
    if (this.clock.now() - this.lastStart >= this.options.periodMs) this.wanted = true
    if (this.wanted) this.pump()
    else if (!this.loading) this.schedulePeriod()
  }

  stop(): void {
    this.stopped = true
    this.clearTimer('periodTimer')
    this.clearTimer('gapTimer')
  }

  private pump(): void {
    if (!this.wanted || this.loading || this.gapTimer !== null || !this.visible || this.stopped) return
    const wait = this.lastStart + this.options.minGapMs - this.clock.now()
    if (wait > 0) {
      this.gapTimer = this.clock.setTimeout(() => {
        this.gapTimer = null
        this.pump()
      }, wait)
      return
    }
    this.wanted = false
    this.loading = true
    this.lastStart = this.clock.now()
    this.clearTimer('periodTimer')
    void this.options
      .load()
      .catch(() => {})
      .finally(() => {
        this.loading = false
        if (this.stopped) return
        this.schedulePeriod()
        this.pump()
      })
  }

  /** The next timed load, `periodMs` after the start of the last one. */
  private schedulePeriod(): void {
    this.clearTimer('periodTimer')
    if (!this.visible) return
    const wait = Math.max(0, this.lastStart + this.options.periodMs - this.clock.now())
    this.periodTimer = this.clock.setTimeout(() => {
      this.periodTimer = null
      this.refresh()
    }, wait)
  }

  private clearTimer(name: 'gapTimer' | 'periodTimer'): void {
    if (this[name] === null) return
    this.clock.clearTimeout(this[name])
    this[name] = null
  }
}
