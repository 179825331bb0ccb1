/** What of the Screen Wake Lock API this uses: a request, and a sentinel that says when the browser let it go. */
export interface WakeLockLike {
  request: (type: 'screen') => Promise<WakeLockSentinelLike>
}
export interface WakeLockSentinelLike {
  readonly released: boolean
  release: () => Promise<void>
  addEventListener: (type: 'release', listener: () => void) => void
}
/** What of the document this uses: whether the page is on screen, and when that changes. */
export interface VisibilityLike {
  readonly visibilityState: 'visible' | 'hidden'
  addEventListener: (type: 'visibilitychange', listener: () => void) => void
  removeEventListener: (type: 'visibilitychange', listener: () => void) => void
}

// Through globalThis: the tests run without the DOM's types, and some browsers have no wakeLock.
const browser = globalThis as { navigator?: { wakeLock?: WakeLockLike }; document?: VisibilityLike }

/**
 * Keeps the screen on until the answer is called (docs/requests.md, "On my way"): a web app cannot follow the
 * position with the screen locked, so a helper sharing theirs should not see it lock by itself. The browser lets the
 * lock go whenever the page is hidden (another app, the power button), so it is asked for again each time the page
 * is shown. Where the API is missing, or the browser refuses (battery saver, a policy), nothing happens: sharing goes
 * on while the screen happens to stay on.
 */
export function holdScreenWakeLock(
  wakeLock: WakeLockLike | undefined = browser.navigator?.wakeLock,
  page: VisibilityLike | undefined = browser.document,
): () => void {
  if (!wakeLock || !page) return () => {}
  const lock = wakeLock
  const view = page
  let held: WakeLockSentinelLike | null = null
  let asking = false
  let done = false

  async function ask() {
    if (done || asking || (held && !held.released) || view.visibilityState !== 'visible') return
    asking = true
    try {
      const sentinel = await lock.request('screen')
      // Let go while the request was on its way: the lock is not wanted any more.
      if (done) return void sentinel.release().catch(() => {})
      held = sentinel
      sentinel.addEventListener('release', () => {
        if (held === sentinel) held = null
      })
    } catch (error) {
      // Refused: expected on some devices (and when the page was hidden in the meantime), so not an error.
      console.warn('The screen wake lock was refused', error)
    } finally {
      asking = false
    }
  }

  const askWhenShown = () => void ask()
  view.addEventListener('visibilitychange', askWhenShown)
  void ask()
  return () => {
    done = true
    view.removeEventListener('visibilitychange', askWhenShown)
    const sentinel = held
    held = null
    if (sentinel && !sentinel.released) sentinel.release().catch(() => {})
  }
}
