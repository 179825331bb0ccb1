import t from 'tap'
import { LiveRefresh } from '../../../web/src/features/admin/overview/figures/live-refresh.ts'
import { ManualClock, settle } from '../../manual-clock.ts'

/** Loads that finish when the test says so; records when each started. */
function loads(clock: ManualClock) {
  const started: number[] = []
  const running: Array<{ finish: () => void; fail: () => void }> = []
  const load = () =>
    new Promise<void>((resolve, reject) => {
      started.push(clock.time)
      running.push({ finish: resolve, fail: () => reject(new Error('HTTP 500')) })
    })
  const finish = async (ok = true) => {
    const next = running.shift()
    if (!next) throw new Error('no load is running')
    if (ok) next.finish()
    else next.fail()
    await settle()
  }
  return { load, started, finish, running: () => running.length }
}

function setUp() {
  const clock = new ManualClock()
  const l = loads(clock)
  const refresh = new LiveRefresh({ load: l.load, minGapMs: 1000, periodMs: 30_000, clock })
  return { clock, refresh, ...l }
}

t.test('a change loads at once; a burst of changes within the second makes one trailing load', async (t) => {
  const { clock, refresh, started, finish } = setUp()
  const t0 = clock.time
  refresh.refresh()
  t.same(started, [t0], 'the first change loads at once')
  await finish()
  for (let i = 0; i < 5; i++) {
    await clock.advance(100)
    refresh.refresh()
  }
  t.same(started, [t0], 'nothing more within the second')
  await clock.advance(500)
  t.same(started, [t0, t0 + 1000], 'one load for the five changes, a second after the first')
  await finish()
  await clock.advance(5000)
  t.equal(started.length, 2, 'nothing more without a change')
})

t.test('never two loads at once: changes during a slow load make one load after it', async (t) => {
  const { clock, refresh, started, finish, running } = setUp()
  const t0 = clock.time
  refresh.refresh()
  await clock.advance(1500)
  refresh.refresh()
  refresh.refresh()
  await clock.advance(2000)
  t.equal(running(), 1, 'the second waits for the first to finish')
  t.same(started, [t0])
  await finish()
  t.same(started, [t0, t0 + 3500], 'then it starts, the gap long past')
  t.equal(running(), 1)
})

t.test('every 30 s without changes while visible, and the period restarts at each load', async (t) => {
  const { clock, refresh, started, finish } = setUp()
  const t0 = clock.time
  refresh.refresh()
  await finish()
  await clock.advance(29_999)
  t.equal(started.length, 1)
  await clock.advance(1)
  t.same(started, [t0, t0 + 30_000], 'the timed load')
  await finish()
  await clock.advance(10_000)
  refresh.refresh()
  await finish()
  await clock.advance(29_999)
  t.equal(started.length, 3, 'a change-driven load puts off the next timed one')
  await clock.advance(1)
  t.equal(started.length, 4)
})

t.test('a hidden page loads nothing; shown again it loads what it missed, or waits out the period', async (t) => {
  const { clock, refresh, started, finish } = setUp()
  refresh.refresh()
  await finish()
  refresh.setVisible(false)
  t.equal(clock.pending, 0, 'no timer runs while hidden')
  await clock.advance(60_000)
  refresh.refresh()
  t.equal(started.length, 1, 'a change while hidden waits')
  refresh.setVisible(true)
  t.equal(started.length, 2, 'shown again: loads at once')
  await finish()

  await clock.advance(5000)
  refresh.setVisible(false)
  await clock.advance(5000)
  refresh.setVisible(true)
  t.equal(started.length, 2, 'hidden only briefly and nothing changed: no load yet')
  await clock.advance(20_000)
  t.equal(started.length, 3, 'the period counts from the last load')
  await finish()

  refresh.setVisible(false)
  await clock.advance(31_000)
  refresh.setVisible(true)
  t.equal(started.length, 4, 'hidden longer than the period: loads when shown')
})

t.test('a failed load is followed by the next timed one; stop ends everything', async (t) => {
  const { clock, refresh, started, finish } = setUp()
  refresh.refresh()
  await finish(false)
  await clock.advance(30_000)
  t.equal(started.length, 2, 'tried again after the period')
  refresh.refresh()
  refresh.stop()
  await finish()
  await clock.advance(60_000)
  refresh.refresh()
  t.equal(started.length, 2, 'nothing after stop')
  t.equal(clock.pending, 0, 'no timer left behind')
})
