/** Lets promise callbacks (what a timer's work awaits) run before the clock moves on. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A clock whose time moves only when the test says so, for the app's code that takes a clock (`now`,
 * `setTimeout`, `clearTimeout`: the position sharer, the location reporter, the figures' refresh). `advance`
 * runs the timers that fall due on the way, in time order, each at its own time, including the ones they set.
 */
export class ManualClock {
  time = 1_000_000
  private timers = new Map<number, { at: number; run: () => void }>()
  private nextId = 1
  now = () => this.time
  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++
    this.timers.set(id, { at: this.time + ms, run })
    return id
  }
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number)
  }
  /** Timers set and not yet run or cleared. */
  get pending(): number {
    return this.timers.size
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      this.timers.delete(due[0])
      this.time = due[1].at
      due[1].run()
      await settle()
    }
    this.time = end
    await settle()
  }
}
