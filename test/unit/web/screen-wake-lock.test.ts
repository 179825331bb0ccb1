import t from 'tap'
import { create } from 'zustand'
import { settle } from '../../manual-clock.ts'
import {
  holdScreenWakeLock,
  type VisibilityLike,
  type WakeLockLike,
  type WakeLockSentinelLike,
} from '../../../web/src/features/position-sharing/screen-wake-lock.ts'
import {
  keepScreenOnWhileSharing,
  type ScreenGuardState,
} from '../../../web/src/features/position-sharing/keep-screen-on-while-sharing.ts'

/** A page that can be hidden and shown, as the browser does on a locked screen or another app. */
class FakePage implements VisibilityLike {
  visibilityState: 'visible' | 'hidden' = 'visible'
  private listeners = new Set<() => void>()
  addEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.add(listener)
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.delete(listener)
  }
  get listening() {
    return this.listeners.size
  }
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state
    for (const listener of this.listeners) listener()
  }
}

class FakeSentinel implements WakeLockSentinelLike {
  released = false
  private onRelease: (() => void) | null = null
  addEventListener(_type: 'release', listener: () => void) {
    this.onRelease = listener
  }
  async release() {
    if (this.released) return
    this.released = true
    this.onRelease?.()
  }
}

/** The Screen Wake Lock API as a browser gives it: held only while the page is visible, refused if told to. */
class FakeWakeLock implements WakeLockLike {
  sentinels: FakeSentinel[] = []
  refuse = false
  constructor(private readonly page: FakePage) {}
  async request(_type: 'screen') {
    if (this.refuse || this.page.visibilityState !== 'visible') throw new Error('NotAllowedError')
    const sentinel = new FakeSentinel()
    this.sentinels.push(sentinel)
    return sentinel
  }
  get held() {
    return this.sentinels.filter((sentinel) => !sentinel.released).length
  }
  /** What the browser does when the page is hidden. */
  hide() {
    this.page.set('hidden')
    for (const sentinel of this.sentinels) void sentinel.release()
  }
}

t.test('the lock is held, asked for again each time the page is shown, and released at the end', async (t) => {
  const page = new FakePage()
  const wakeLock = new FakeWakeLock(page)
  const release = holdScreenWakeLock(wakeLock, page)
  await settle()
  t.equal(wakeLock.held, 1, 'held at once')
  wakeLock.hide()
  await settle()
  t.equal(wakeLock.held, 0, 'the browser let it go with the page hidden')
  t.equal(wakeLock.sentinels.length, 1, 'not asked for while hidden')
  page.set('visible')
  await settle()
  t.equal(wakeLock.held, 1, 'held again once shown')
  t.equal(wakeLock.sentinels.length, 2)
  page.set('visible')
  await settle()
  t.equal(wakeLock.sentinels.length, 2, 'a lock still held is not asked for twice')
  release()
  await settle()
  t.equal(wakeLock.held, 0, 'released')
  t.equal(page.listening, 0, 'and no longer following the page')
  wakeLock.hide()
  page.set('visible')
  await settle()
  t.equal(wakeLock.sentinels.length, 2, 'not asked for after the release')
})

t.test('released while the request is on its way: the lock that comes is let go at once', async (t) => {
  const page = new FakePage()
  const wakeLock = new FakeWakeLock(page)
  const release = holdScreenWakeLock(wakeLock, page)
  release()
  await settle()
  t.equal(wakeLock.sentinels.length, 1)
  t.equal(wakeLock.held, 0)
})

t.test('a refused lock or a browser without the API changes nothing else, and a refusal is tried again', async (t) => {
  t.doesNotThrow(() => holdScreenWakeLock(undefined, new FakePage())(), 'no API: nothing to do')
  const page = new FakePage()
  const wakeLock = new FakeWakeLock(page)
  wakeLock.refuse = true
  const warnings: unknown[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args)
  t.teardown(() => void (console.warn = warn))
  const release = holdScreenWakeLock(wakeLock, page)
  await settle()
  t.equal(wakeLock.held, 0)
  t.equal(warnings.length, 1, 'said in the console, not thrown')
  wakeLock.refuse = false
  page.set('hidden')
  page.set('visible')
  await settle()
  t.equal(wakeLock.held, 1, 'asked for again the next time the page is shown')
  release()
})

t.test('the screen is kept on while any request is shared on, and let go with the last', async (t) => {
  const store = create<ScreenGuardState>()(() => ({ sharing: {} }))
  let held = 0
  let holds = 0
  keepScreenOnWhileSharing(store, () => {
    held += 1
    holds += 1
    return () => (held -= 1)
  })
  t.equal(held, 0, 'nothing shared: no lock')
  store.setState({ sharing: { 1: true } })
  t.equal(held, 1, 'sharing: held')
  store.setState({ sharing: { 1: true, 2: true } })
  t.equal(holds, 1, 'a second request shares the same lock')
  store.setState({ sharing: { 2: true } })
  t.equal(held, 1, 'still sharing on one')
  store.setState({ sharing: {} })
  t.equal(held, 0, 'the last stopped: released')
  store.setState({ sharing: { 3: true } })
  t.equal(holds, 2, 'sharing again holds it again')
})
