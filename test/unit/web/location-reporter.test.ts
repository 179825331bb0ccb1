import t from 'tap'
import { ManualClock, settle } from '../../manual-clock.ts'
import { LocationReporter, REPORT_INTERVAL_MS } from '../../../web/src/features/account/location/location-reporter.ts'
import type { Coordinates } from '../../../web/src/shared/api/types.ts'

/** The shared manual clock (test/manual-clock.ts), shaped as this file's tests use it. */
function manualClock() {
  const clock = new ManualClock()
  return { clock, advance: (ms: number) => clock.advance(ms), pending: () => clock.pending }
}

/** About 111 m per 0.001 degree of latitude. */
const north = (km: number): Coordinates => ({ latitude: 60.17 + km / 111.2, longitude: 24.94 })

function reporterWith(fail = () => false) {
  const { clock, advance, pending } = manualClock()
  const sent: Coordinates[] = []
  const reporter = new LocationReporter(
    async (position) => {
      sent.push(position)
      if (fail()) throw new Error('offline')
    },
    null,
    clock,
  )
  return { reporter, sent, advance, pending }
}

t.test('the first fix is reported; moves within a kilometre are not', async (t) => {
  const { reporter, sent, advance } = reporterWith()
  reporter.moved(north(0))
  await settle()
  t.same(sent, [north(0)])
  await advance(5 * REPORT_INTERVAL_MS)
  reporter.moved(north(0.9))
  await settle()
  t.equal(sent.length, 1, 'still within a kilometre of the last report')
  reporter.moved(north(1.2))
  await settle()
  t.same(sent.at(-1), north(1.2), 'farther than a kilometre, long after the last report: at once')
})

t.test(
  'at most one report a minute: a quick move is reported when the minute is up, with the newest fix',
  async (t) => {
    const { reporter, sent, advance, pending } = reporterWith()
    reporter.moved(north(0))
    await settle()
    await advance(10_000)
    reporter.moved(north(2))
    reporter.moved(north(3))
    await settle()
    t.equal(sent.length, 1, 'not within the minute')
    t.equal(pending(), 1, 'one timer, however many fixes')
    await advance(REPORT_INTERVAL_MS - 10_001)
    t.equal(sent.length, 1, 'a millisecond before the minute is up: still waiting')
    await advance(1)
    t.same(sent, [north(0), north(3)], 'the newest fix, once the minute is up')
  },
)

t.test('a move back to near the last report before the minute is up sends nothing', async (t) => {
  const { reporter, sent, advance } = reporterWith()
  reporter.moved(north(0))
  await settle()
  reporter.moved(north(5))
  reporter.moved(north(0.5))
  await advance(REPORT_INTERVAL_MS)
  t.equal(sent.length, 1)
})

t.test('a failed report is tried again at a later fix, not at every one', async (t) => {
  let failing = true
  const { reporter, sent, advance } = reporterWith(() => failing)
  reporter.moved(north(0))
  await settle()
  reporter.moved(north(0.1))
  await settle()
  t.equal(sent.length, 1, 'a failing server is not asked again within the minute')
  failing = false
  await advance(REPORT_INTERVAL_MS)
  t.equal(sent.length, 2, 'tried again after the minute, with the newest fix')
  t.same(reporter.lastReport?.position, north(0.1))
})

t.test('after stop nothing is sent, and the next session reports its first fix', async (t) => {
  const { reporter, sent, advance } = reporterWith()
  reporter.moved(north(0))
  await settle()
  reporter.moved(north(2))
  reporter.stop()
  await advance(REPORT_INTERVAL_MS)
  t.equal(sent.length, 1, 'the waiting report was dropped')
  reporter.moved(north(0))
  await settle()
  t.equal(sent.length, 2, 'a new session reports at once, even the same place')
})
