import t from 'tap'
import {
  countScale,
  labelledDays,
  largestBar,
  totals,
} from '../../../web/src/features/admin/overview/figures/chart-scale.ts'
import { formatDuration, formatShare } from '../../../web/src/features/admin/overview/figures/figures-format.ts'
import { formatLongDay, formatShortDay } from '../../../web/src/shared/format/days.ts'

t.test(
  'medians: seconds under a minute, minutes under an hour, hours under two days, then days; a dash for nothing',
  async (t) => {
    t.equal(formatDuration(null, 'en'), '—')
    t.equal(formatDuration(0, 'en'), '0 sec')
    t.equal(formatDuration(0.5, 'en'), '30 sec', 'seconds under a minute')
    t.equal(formatDuration(0.5, 'fi'), '30 s')
    t.equal(formatDuration(1, 'en'), '1 min')
    t.equal(formatDuration(6.54, 'en'), '6.5 min', 'one decimal under ten')
    t.equal(formatDuration(42.4, 'en'), '42 min', 'whole minutes above')
    t.equal(formatDuration(59.4, 'en'), '59 min')
    t.equal(formatDuration(90, 'en'), '1.5 hr')
    t.equal(formatDuration(90, 'fi'), '1,5 t')
    t.equal(formatDuration(90, 'sv'), '1,5 tim')
    t.equal(formatDuration(47 * 60, 'en'), '47 hr')
    t.equal(formatDuration(3 * 1440, 'en'), '3 days')
    t.equal(formatDuration(3 * 1440, 'fi'), '3 pv')
  },
)

t.test('the share of completed requests that got help; none when nothing was completed', async (t) => {
  t.equal(formatShare(270, 310, 'en'), '87%')
  t.equal(formatShare(270, 310, 'fi'), '87\u00a0%')
  t.equal(formatShare(0, 4, 'en'), '0%')
  t.equal(formatShare(0, 0, 'en'), null)
})

t.test('days are calendar dates, the same wherever the browser is', async (t) => {
  t.equal(formatShortDay('2026-11-03', 'en'), '3 Nov')
  t.equal(formatShortDay('2026-11-03', 'fi'), '3.11.')
  t.equal(formatLongDay('2026-11-03', 'en'), 'Tue 3 November')
  t.equal(formatLongDay('2026-11-03', 'sv'), 'tis 3 november')
})

t.test(
  'the count axis: whole steps of 1, 2 or 5 times a power of ten, at most four, top at or above the data',
  async (t) => {
    t.same(countScale(0), { top: 1, ticks: [0, 1] }, 'an empty chart still has an axis')
    t.same(countScale(1), { top: 1, ticks: [0, 1] })
    t.same(countScale(3), { top: 3, ticks: [0, 1, 2, 3] })
    t.same(countScale(4), { top: 4, ticks: [0, 1, 2, 3, 4] })
    t.same(countScale(7), { top: 8, ticks: [0, 2, 4, 6, 8] })
    t.same(countScale(45), { top: 60, ticks: [0, 20, 40, 60] })
    t.same(countScale(100), { top: 100, ticks: [0, 50, 100] })
    for (const largest of [2, 9, 13, 37, 99, 250, 1234]) {
      const { top, ticks } = countScale(largest)
      t.ok(top >= largest && ticks.length <= 5 && ticks.every(Number.isInteger), `${largest}: ${ticks.join(' ')}`)
    }
  },
)

t.test('bars and totals: the completed bar stacks both kinds', async (t) => {
  const days = [
    { day: '2026-11-01', created: 2, completed_with_help: 3, completed_without_help: 2 },
    { day: '2026-11-02', created: 4, completed_with_help: 0, completed_without_help: 1 },
  ]
  t.equal(largestBar(days), 5, 'the completed stack of the first day')
  t.equal(largestBar([]), 0)
  t.same(totals(days), { created: 6, completed_with_help: 3, completed_without_help: 3 })
})

t.test('axis labels: today always, then every nth day back', async (t) => {
  t.same([...labelledDays(30, 7)], [29, 22, 15, 8, 1])
  t.same([...labelledDays(5, 1)], [4, 3, 2, 1, 0])
})
