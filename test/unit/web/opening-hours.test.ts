import t from 'tap'
import {
  evaluateHours,
  summariseHours,
  weekHours,
  type HoursState,
} from '../../../web/src/features/services/opening-hours.ts'
import { byDistance, NEARBY_MAX_KM, nearbyFor } from '../../../web/src/features/services/nearby.ts'
import type { Service } from '../../../web/src/features/services/api.ts'
import { cyclingDirectionsUrl } from '../../../web/src/features/requests/map-links.ts'

const SHOP = 'Mo-Fr 10:00-18:00; Sa 10:00-15:00; PH off'
const at = (iso: string) => new Date(iso)
const iso = (state: HoursState) => ({
  state: state.state,
  ...(state.closesAt ? { closesAt: state.closesAt.toISOString() } : {}),
  ...(state.opensAt ? { opensAt: state.opensAt.toISOString() } : {}),
})

t.test('open and closed in Helsinki time, with the next change', async (t) => {
  // Friday 4 December 2026: Helsinki is UTC+2 in winter.
  t.same(iso(evaluateHours(SHOP, at('2026-12-04T10:00:00Z'))), { state: 'open', closesAt: '2026-12-04T16:00:00.000Z' })
  t.same(
    iso(evaluateHours(SHOP, at('2026-12-04T07:30:00Z'))),
    { state: 'closed', opensAt: '2026-12-04T08:00:00.000Z' },
    '09:30 in Helsinki: opens at 10:00',
  )
  t.same(
    iso(evaluateHours(SHOP, at('2026-12-04T16:00:00Z'))),
    { state: 'closed', opensAt: '2026-12-05T08:00:00.000Z' },
    'closed at 18:00 sharp; Saturday 10:00 next',
  )
  // Summer: UTC+3.
  t.same(iso(evaluateHours('Mo-Su 10:00-18:00', at('2026-07-01T07:30:00Z'))), {
    state: 'open',
    closesAt: '2026-07-01T15:00:00.000Z',
  })
  t.same(iso(evaluateHours('24/7', at('2026-07-01T07:30:00Z'))), { state: 'open' }, 'never closes: no time')
  t.same(iso(evaluateHours('off', at('2026-07-01T07:30:00Z'))), { state: 'closed' }, 'never opens: no time')
})

t.test('unknown: no hours, hours that only comment, and values the library cannot read', async (t) => {
  t.same(evaluateHours(null, at('2026-12-04T10:00:00Z')), { state: 'unknown' })
  t.same(evaluateHours('', at('2026-12-04T10:00:00Z')), { state: 'unknown' })
  t.same(evaluateHours('"by appointment"', at('2026-12-04T10:00:00Z')), { state: 'unknown' })
  t.same(evaluateHours('Mo-Fr 10:00+', at('2026-12-04T10:00:00Z')), { state: 'unknown' }, 'an open end')
  t.same(evaluateHours('not hours at all', at('2026-12-04T10:00:00Z')), { state: 'unknown' }, 'never throws')
})

t.test("Finland's public holidays: Independence Day, 6 December, is PH", async (t) => {
  // Saturday 6 December 2025: a shop open on Saturdays is closed, "PH off"; it opens on Monday.
  const holiday = at('2025-12-06T10:00:00Z')
  t.same(iso(evaluateHours(SHOP, holiday)), { state: 'closed', opensAt: '2025-12-08T08:00:00.000Z' })
  t.same(iso(evaluateHours(SHOP, at('2025-11-29T10:00:00Z'))), {
    state: 'open',
    closesAt: '2025-11-29T13:00:00.000Z',
  })
  t.same(iso(evaluateHours('PH 12:00-14:00', holiday)), { state: 'open', closesAt: '2025-12-06T12:00:00.000Z' })
  // Midsummer Day (juhannuspäivä) 2026 is Saturday 20 June; Good Friday 2026 is 3 April.
  t.equal(evaluateHours(SHOP, at('2026-06-20T09:00:00Z')).state, 'closed', 'Midsummer Day')
  t.equal(evaluateHours(SHOP, at('2026-04-03T09:00:00Z')).state, 'closed', 'Good Friday')
  t.equal(evaluateHours(SHOP, at('2026-04-10T09:00:00Z')).state, 'open', 'the Friday after')
  const week = weekHours(SHOP, at('2025-12-04T10:00:00Z'))!
  t.same(
    week.map(({ intervals }) => intervals.length),
    [1, 1, 0, 0, 1, 1, 1],
    'Thu, Fri open; Sat 6 Dec (holiday) and Sun closed; Mon-Wed open',
  )
  t.equal(week[0]!.intervals[0]!.from.toISOString(), '2025-12-04T08:00:00.000Z')
})

t.test('Helsinki time whatever the device says: the test machine runs in UTC', async (t) => {
  // 21:30 UTC on a Friday is 23:30 in Helsinki: a late bar is open by Helsinki time, closed by UTC.
  const late = at('2026-12-04T21:30:00Z')
  t.same(iso(evaluateHours('Mo-Su 23:00-24:00', late)), { state: 'open', closesAt: '2026-12-04T22:00:00.000Z' })
  // 22:30 UTC Friday is already Saturday 00:30 in Helsinki: a weekday shop is closed until Monday.
  t.same(iso(evaluateHours('Mo-Fr 00:00-02:00', at('2026-12-04T22:30:00Z'))), {
    state: 'closed',
    opensAt: '2026-12-06T22:00:00.000Z',
  })
  // Daylight saving starts on 29 March 2026 at 03:00 Helsinki time: Monday's 10:00 is 07:00 UTC.
  t.same(iso(evaluateHours('Mo-Fr 10:00-18:00', at('2026-03-29T06:30:00Z'))), {
    state: 'closed',
    opensAt: '2026-03-30T07:00:00.000Z',
  })

  const original = process.env.TZ
  t.teardown(() => {
    if (original === undefined) delete process.env.TZ
    else process.env.TZ = original
  })
  for (const zone of ['America/New_York', 'Asia/Tokyo', 'Europe/Helsinki']) {
    process.env.TZ = zone
    t.same(
      iso(evaluateHours('Mo-Su 23:00-24:00', late)),
      { state: 'open', closesAt: '2026-12-04T22:00:00.000Z' },
      `the same answer on a device in ${zone}`,
    )
    t.same(iso(evaluateHours(SHOP, at('2025-12-06T10:00:00Z'))), {
      state: 'closed',
      opensAt: '2025-12-08T08:00:00.000Z',
    })
  }
})

t.test('what the screens say: closes within a day, opens today, tomorrow or on a weekday', async (t) => {
  const friday = at('2026-12-04T10:00:00Z')
  const summary = (value: string, when: Date, locale = 'en') => summariseHours(evaluateHours(value, when), when, locale)
  t.same(summary(SHOP, friday), { kind: 'closesat', time: '18:00' })
  t.same(summary(SHOP, friday, 'fi'), { kind: 'closesat', time: '18.00' }, 'Finnish writes 18.00')
  t.same(summary('24/7', friday), { kind: 'open' })
  t.same(summary('Mo-Su 00:00-24:00', friday), { kind: 'open' }, 'round the clock: no closing time')
  t.same(summary(SHOP, at('2026-12-04T07:30:00Z')), { kind: 'opensat', time: '10:00' })
  t.same(summary(SHOP, at('2026-12-04T17:00:00Z')), { kind: 'opensattomorrow', time: '10:00' })
  t.same(summary(SHOP, at('2025-12-06T10:00:00Z')), { kind: 'opensaton', time: '10:00', weekday: 'Mon' })
  t.same(summary(SHOP, at('2025-12-06T10:00:00Z'), 'fi'), { kind: 'opensaton', time: '10.00', weekday: 'ma' })
  t.same(summary('off', friday), { kind: 'closed' })
  t.same(summary('Jan 10:00-12:00', friday), { kind: 'closed' }, 'opens in more than a week: just closed')
  t.equal(summariseHours({ state: 'unknown' }, friday, 'en'), null, 'unknown says nothing')
})

const service = (service_id: number, category: Service['category'], latitude: number, longitude: number) =>
  ({
    service_id,
    category,
    latitude,
    longitude,
    logo_url: null,
    address: null,
    phone: null,
    certified: false,
    opening_hours: null,
    localizations: [],
  }) satisfies Service

t.test('nearest first, and what is nearby for each kind of request', async (t) => {
  const here = { latitude: 60.17, longitude: 24.94 }
  const services = [
    service(1, 'restaurant', 60.2, 24.94),
    service(2, 'shop', 60.18, 24.94),
    service(3, 'rental_service', 60.3, 24.94),
    service(4, 'transportation', 60.171, 24.94),
    service(5, 'shop', 61.5, 24.94), // about 148 km away
    service(6, 'shop', 60.25, 24.94),
    service(7, 'accommodation', 60.17, 24.94),
  ]
  t.same(
    byDistance(services, here).map(({ service }) => service.service_id),
    [7, 4, 2, 1, 6, 3, 5],
  )
  t.same(
    byDistance(services, null).map(({ service, km }) => [service.service_id, km]),
    services.map((s) => [s.service_id, null]),
    'without a point: as given',
  )
  const ids = (category: Parameters<typeof nearbyFor>[1]) =>
    nearbyFor(services, category, here).map(({ service }) => service.service_id)
  t.same(ids('bicycle_maintenance'), [2, 6, 3], 'shops and rentals, three at most')
  t.same(ids('food_and_hydration'), [2, 1, 6], 'restaurants and shops')
  t.same(ids('transportation_need'), [4, 3], 'transport and rentals')
  t.same(ids('other'), [], '"other" suggests nothing')
  t.same(
    nearbyFor([service(5, 'shop', 61.5, 24.94)], 'bicycle_maintenance', here),
    [],
    `nothing farther than ${NEARBY_MAX_KM} km`,
  )
  t.equal(
    cyclingDirectionsUrl(here, { latitude: 60.18, longitude: 24.9412345678 }),
    'https://www.openstreetmap.org/directions?engine=fossgis_osrm_bike&route=60.17%2C24.94%3B60.18%2C24.941235',
  )
})
