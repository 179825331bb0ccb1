import t from 'tap'
import type { Service, ServiceLocalization } from '../../../web/src/features/services/api.ts'
import { SERVICE_CATEGORIES } from '../../../web/src/features/services/api.ts'
import { CATEGORY_LOOKS, markerSvg } from '../../../web/src/features/services/categories.ts'
import {
  filterServices,
  markerPositions,
  pickLocalization,
  safeWebsite,
  SAME_PLACE_OFFSET_DEG,
  serviceLanguageOf,
  shortenDescription,
} from '../../../web/src/features/services/services.ts'
import { telHref } from '../../../web/src/shared/phone/format.ts'

const at = (service_id: number, latitude: number, longitude: number) => ({ service_id, latitude, longitude })

t.test('markers at identical coordinates are offset by 0.00005 degrees each', async (t) => {
  t.equal(SAME_PLACE_OFFSET_DEG, 0.00005)
  const placed = markerPositions([at(1, 60.1, 24.9), at(2, 61, 25), at(3, 60.1, 24.9), at(4, 60.1, 24.9)])
  t.same(
    placed.map((p) => p.service_id),
    [1, 2, 3, 4],
    'input order kept',
  )
  t.same(placed[0], at(1, 60.1, 24.9), 'the first one stays')
  t.same(placed[1], at(2, 61, 25), 'a lone one stays')
  t.equal(placed[2]!.latitude, 60.1 + 0.00005)
  t.equal(placed[2]!.longitude, 24.9 + 0.00005)
  t.equal(placed[3]!.latitude, 60.1 + 0.0001)
  t.equal(placed[3]!.longitude, 24.9 + 0.0001)
  t.equal(new Set(placed.map((p) => `${p.latitude},${p.longitude}`)).size, 4, 'no two markers share a point')
  t.same(markerPositions([]), [])
  t.same(
    markerPositions([at(1, 60.1, 24.9), at(2, 60.1, 24.90001)]),
    [at(1, 60.1, 24.9), at(2, 60.1, 24.90001)],
    'near is not identical',
  )
})

t.test('descriptions are shortened to 300 characters', async (t) => {
  t.same(shortenDescription('short'), { text: 'short', shortened: false })
  const exactly = 'a'.repeat(300)
  t.same(shortenDescription(exactly), { text: exactly, shortened: false }, '300 characters stay whole')
  const long = 'b'.repeat(301)
  t.same(shortenDescription(long), { text: `${'b'.repeat(300)}…`, shortened: true })
  t.same(
    shortenDescription(`${'c'.repeat(299)}  more`),
    { text: `${'c'.repeat(299)}…`, shortened: true },
    'no space before …',
  )
  const emoji = '🚲'.repeat(301)
  const short = shortenDescription(emoji)
  t.equal(Array.from(short.text).length, 301, 'counts characters, not UTF-16 units')
  t.notOk(short.text.includes('\uFFFD'))
  t.same(shortenDescription('abcdef', 3), { text: 'abc…', shortened: true }, 'limit is a parameter')
  t.same(shortenDescription(''), { text: '', shortened: false })
})

const entry = (language: ServiceLocalization['language'], name: string): ServiceLocalization => ({
  language,
  name,
  description: null,
  url: null,
})

t.test('texts come in the UI language, else English, else Finnish', async (t) => {
  const all = [entry('fi', 'Pyöräkorjaamo'), entry('en', 'Bike repair'), entry('sv', 'Cykelverkstad')]
  t.equal(pickLocalization(all, 'sv')?.name, 'Cykelverkstad')
  t.equal(pickLocalization(all, 'fi')?.name, 'Pyöräkorjaamo')
  t.equal(pickLocalization(all, 'en')?.name, 'Bike repair')
  t.equal(pickLocalization([entry('fi', 'FI'), entry('en', 'EN')], 'sv')?.name, 'EN', 'sv missing: English')
  t.equal(pickLocalization([entry('en', 'EN'), entry('fi', 'FI')], 'sv')?.name, 'EN', 'order does not matter')
  t.equal(pickLocalization([entry('fi', 'FI')], 'sv')?.name, 'FI', 'then Finnish')
  t.equal(pickLocalization([entry('sv', 'SV')], 'en')?.name, 'SV', 'else whatever there is')
  t.equal(pickLocalization([], 'fi'), null)
  t.equal(serviceLanguageOf('fi'), 'fi')
  t.equal(serviceLanguageOf('sv'), 'sv')
  t.equal(serviceLanguageOf('en'), 'en')
  t.equal(serviceLanguageOf('de'), 'en')
})

t.test('links: websites are http(s) only, phones become tel: links', async (t) => {
  t.equal(safeWebsite('https://example.fi/a'), 'https://example.fi/a')
  t.equal(safeWebsite('javascript:alert(1)'), null)
  t.equal(safeWebsite('not a url'), null)
  t.equal(safeWebsite(null), null)
  t.equal(telHref('+358 40 123-4567'), 'tel:+358401234567')
})

t.test('every category has a colour and an icon; the filter keeps one category or all', async (t) => {
  for (const category of SERVICE_CATEGORIES) {
    t.match(CATEGORY_LOOKS[category].color, /^#[0-9a-f]{6}$/, category)
    t.match(markerSvg(category), /<svg[^>]*>.*<path d="M/, `${category} icon`)
  }
  t.equal(new Set(SERVICE_CATEGORIES.map((c) => CATEGORY_LOOKS[c].color)).size, 9, 'nine distinct colours')
  const service = (service_id: number, category: Service['category']): Service => ({
    service_id,
    category,
    latitude: 60,
    longitude: 25,
    logo_url: null,
    address: null,
    phone: null,
    certified: false,
    opening_hours: null,
    localizations: [],
  })
  const list = [service(1, 'shop'), service(2, 'venue'), service(3, 'shop')]
  t.same(
    filterServices(list, 'all').map((s) => s.service_id),
    [1, 2, 3],
  )
  t.same(
    filterServices(list, 'shop').map((s) => s.service_id),
    [1, 3],
  )
  t.same(filterServices(list, 'accommodation'), [])
})
