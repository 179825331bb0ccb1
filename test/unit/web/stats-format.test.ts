import t from 'tap'
import { formatDuration, formatShare } from '../../../web/src/features/stats/stats-format.ts'
import { formatLongDay, formatShortDay } from '../../../web/src/shared/format/days.ts'

t.test('a median time written out for a sentence, in the unit that reads best', async (t) => {
  t.equal(formatDuration(0.5, 'en'), '30 seconds', 'seconds under a minute')
  t.equal(formatDuration(1, 'en'), '1 minute')
  t.equal(formatDuration(6.4, 'en'), '6 minutes', 'whole minutes under an hour')
  t.equal(formatDuration(6.4, 'fi'), '6 minuuttia')
  t.equal(formatDuration(6.4, 'sv'), '6 minuter')
  t.equal(formatDuration(90, 'en'), '1.5 hours', 'hours with one decimal under ten')
  t.equal(formatDuration(90, 'fi'), '1,5 tuntia')
  t.equal(formatDuration(90, 'sv'), '1,5 timmar')
  t.equal(formatDuration(20 * 60, 'en'), '20 hours')
  t.equal(formatDuration(3 * 1440, 'en'), '3 days', 'days from two days on')
})

t.test('shares and days', async (t) => {
  t.equal(formatShare(21, 28, 'en'), '75%')
  t.equal(formatShare(21, 28, 'fi'), '75\u00a0%', 'a no-break space in Finnish')
  t.equal(formatShare(0, 0, 'en'), '0%')
  t.equal(formatShortDay('2026-11-03', 'en'), '3 Nov')
  t.equal(formatLongDay('2026-11-03', 'en'), 'Tue 3 November')
})
