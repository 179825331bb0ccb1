import t from 'tap'
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { helpRequest } from './fixtures.ts'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import { displayPhone } from '../../../web/src/shared/phone/format.ts'
import { geoUri, openStreetMapUrl } from '../../../web/src/features/requests/map-links.ts'
import { hasNews } from '../../../web/src/features/requests/news.ts'
import { previewOf } from '../../../web/src/features/requests/preview.ts'
import { formatAge } from '../../../web/src/features/requests/relative-time.ts'

t.test('the age on a card: the largest whole unit, short, in the interface locale', async (t) => {
  const now = Date.parse('2026-05-01T12:00:00Z')
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()
  t.equal(formatAge(ago(20), now, 'en'), 'now')
  t.equal(formatAge(ago(20), now, 'fi'), 'nyt')
  t.equal(formatAge(ago(12 * 60 + 30), now, 'en'), '12 min')
  t.equal(formatAge(ago(12 * 60), now, 'sv'), '12 min')
  t.equal(formatAge(ago(3 * 3600 + 59 * 60), now, 'fi'), '3 t')
  t.equal(formatAge(ago(2 * 86400), now, 'en'), '2 days')
  t.equal(formatAge(new Date(now + 5000).toISOString(), now, 'en'), 'now', 'a clock slightly behind is "now"')
})

t.test('the preview is the first line, cut short', async (t) => {
  t.equal(previewOf('  Chain broke\nsecond line'), 'Chain broke')
  const long = previewOf('x'.repeat(300))
  t.equal(long.length, 120)
  t.ok(long.endsWith('…'))
  t.equal(previewOf(''), '')
})

t.test('phones: international format, Finnish subscriber numbers grouped 3 + 4', async (t) => {
  t.equal(displayPhone('+358402220001', parsePhoneNumberFromString), '+358 40 222 0001')
  t.equal(displayPhone('+358501234567', parsePhoneNumberFromString), '+358 50 123 4567')
  t.equal(displayPhone('+358 40 000 0001', parsePhoneNumberFromString), '+358 40 000 0001', 'already formatted')
  t.equal(displayPhone('+46701234567', parsePhoneNumberFromString), '+46 70 123 45 67', 'others as libphonenumber')
  t.equal(displayPhone('not a number', parsePhoneNumberFromString), 'not a number')
})

t.test('map links: geo: and openstreetmap.org with a marker', async (t) => {
  const point = { latitude: 60.17123449999, longitude: 24.9412 }
  t.equal(geoUri(point), 'geo:60.171234,24.9412')
  t.equal(
    openStreetMapUrl(point),
    'https://www.openstreetmap.org/?mlat=60.171234&mlon=24.9412#map=15/60.171234/24.9412',
  )
})

t.test('news for the Requests tab badge', async (t) => {
  const ME = 7
  const other = helpRequest({ request_id: 1, updated_at: '2026-05-01T12:00:00Z' })
  const mine = helpRequest({ request_id: 2, isOwnRequest: true, updated_at: '2026-05-01T12:00:00Z' })
  const helping = helpRequest({ request_id: 3, responder_id: ME, updated_at: '2026-05-01T12:00:00Z' })
  const seen: HelpRequest[] = [other, mine, helping]
  const later = { updated_at: '2026-05-01T12:05:00Z' }
  t.notOk(hasNews(seen, seen, ME), 'nothing changed')
  t.notOk(hasNews(seen, [mine, helping], ME), 'one gone is no news')
  t.ok(hasNews(seen, [...seen, helpRequest({ request_id: 4 })], ME), 'a new request')
  t.ok(hasNews(seen, [other, { ...mine, ...later, status: 'in progress' }, helping], ME), 'my request changed')
  t.ok(hasNews(seen, [other, mine, { ...helping, ...later }], ME), 'the one I help changed')
  t.ok(hasNews(seen, [other, mine, { ...helping, ...later, responder_id: null }], ME), 'I was removed from it')
  t.notOk(hasNews(seen, [{ ...other, ...later, status: 'in progress' }, mine, helping], ME), 'others’ changes')
})
