import t from 'tap'
import { formatAmount, formatDay, formatSize, sizeUnit } from '../../../web/src/features/kept-map/format.ts'

/** How Settings → Map says sizes and the day (docs/pwa.md, "The kept map"): "12.4 of 38 MB", "(38 MB, 29 Nov)". */
t.test('sizes in MB with at most one decimal, kB below a megabyte, in each language', async (t) => {
  t.equal(formatSize(38_000_000, 'en'), '38 MB')
  t.equal(formatSize(12_449_000, 'en'), '12.4 MB')
  t.equal(formatSize(12_449_000, 'fi'), '12,4 Mt')
  t.equal(formatSize(12_449_000, 'sv'), '12,4 MB')
  t.equal(formatSize(91_300, 'en'), '91 kB')
  t.equal(sizeUnit(999_999), 'kilobyte')
  t.equal(sizeUnit(1_000_000), 'megabyte')
})

t.test('the progress: the amount so far in the total’s unit, always with its decimal in MB', async (t) => {
  t.equal(`${formatAmount(12_400_000, 'en', 'megabyte')} of ${formatSize(38_000_000, 'en')}`, '12.4 of 38 MB')
  t.equal(formatAmount(0, 'en', 'megabyte'), '0.0')
  t.equal(formatAmount(500_000, 'fi', 'megabyte'), '0,5', 'under a megabyte of a larger total stays in MB')
  t.equal(formatAmount(45_600, 'en', 'kilobyte'), '46')
})

t.test('the day it was kept, short', async (t) => {
  const at = new Date(2026, 10, 29, 12).getTime()
  t.equal(formatDay(at, 'en'), '29 Nov')
  t.match(formatDay(at, 'fi'), /^29\.( ?marrask|11\.)/, 'Finnish: 29.11. (or 29. marrask., by the ICU)')
  t.match(formatDay(at, 'sv'), /^29 nov/)
})
