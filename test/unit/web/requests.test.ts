import t from 'tap'
import { helpRequest } from './fixtures.ts'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import { ApiError } from '../../../web/src/shared/api/errors.ts'
import { messageKeyOf, takeOverFeedback } from '../../../web/src/shared/api/server-error-texts.ts'
import { distanceKm, formatKm, distanceFrom } from '../../../web/src/features/requests/distance.ts'
import { formatRelativeTime } from '../../../web/src/features/requests/relative-time.ts'
import { descriptionError } from '../../../web/src/features/requests/validation.ts'
import { isVisible, orderRequests, visibleRequests, type Viewer } from '../../../web/src/features/requests/selectors.ts'

const ME = 7
const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }

let nextId = 1
const request = (fields: Partial<HelpRequest> = {}): HelpRequest =>
  helpRequest({ request_id: nextId++, ...HELSINKI, ...fields })

const viewer = (fields: Partial<Viewer> = {}): Viewer => ({
  userId: ME,
  radius: 10,
  position: HELSINKI,
  isAdmin: false,
  showAll: false,
  ...fields,
})

t.test('distance: haversine with an earth diameter of 12742 km, shown with 2 decimals', async (t) => {
  const km = distanceKm(HELSINKI, TAMPERE)
  // 12742/2 * central angle; Helsinki-Tampere is about 160 km as the crow flies.
  t.ok(km > 159 && km < 162, `Helsinki-Tampere ${km}`)
  t.equal(formatKm(km, 'en'), km.toFixed(2))
  t.equal(formatKm(160.456, 'en'), '160.46')
  t.equal(formatKm(160.456, 'fi'), '160,46')
  t.equal(formatKm(0, 'sv'), '0,00')
  t.equal(distanceKm(HELSINKI, HELSINKI), 0)
  // A quarter of the circumference: pole to equator is pi * 12742 / 4.
  t.ok(
    Math.abs(distanceKm({ latitude: 90, longitude: 0 }, { latitude: 0, longitude: 0 }) - (Math.PI * 12742) / 4) < 1e-6,
  )
  t.equal(distanceFrom(null, request()), null, 'no position: no distance')
  t.equal(distanceFrom(HELSINKI, request({ latitude: null, longitude: null })), null, 'no location: no distance')
})

t.test('visibility: own, responder, no location or within the radius; else only in show-all', async (t) => {
  const far = { latitude: TAMPERE.latitude, longitude: TAMPERE.longitude }
  t.ok(isVisible(request(), viewer()), 'within the radius')
  t.notOk(isVisible(request(far), viewer()), 'outside the radius is hidden')
  t.ok(isVisible(request(far), viewer({ showAll: true })), 'outside the radius in show-all')
  t.ok(isVisible(request({ ...far, isOwnRequest: true }), viewer()), 'own request outside the radius')
  t.ok(
    isVisible(request({ ...far, responder_id: ME, status: 'in progress' }), viewer()),
    'I respond, outside the radius',
  )
  t.notOk(
    isVisible(request({ ...far, responder_id: ME + 1, status: 'in progress' }), viewer()),
    'someone else responds',
  )
  t.ok(isVisible(request({ latitude: null, longitude: null }), viewer()), 'no location is always shown')
  t.ok(isVisible(request(far), viewer({ position: null })), 'a viewer without a position sees all')
  t.ok(isVisible(request(far), viewer({ radius: 200 })), 'a larger radius reaches it')
  const edge = distanceKm(HELSINKI, TAMPERE)
  t.ok(isVisible(request(far), viewer({ radius: edge })), 'exactly at the radius is within')
})

t.test('visibility of test requests: admins only; an admin in show-all sees all', async (t) => {
  const far = { latitude: TAMPERE.latitude, longitude: TAMPERE.longitude }
  const test = request({ ...far, is_test: true })
  t.notOk(isVisible(test, viewer({ showAll: true })), 'a non-admin never sees a test request')
  t.notOk(isVisible(test, viewer({ isAdmin: true })), 'an admin without show-all: outside the radius')
  t.ok(isVisible(test, viewer({ isAdmin: true, showAll: true })), 'an admin in show-all sees all')
  const list = [request(far), test, request(), request({ ...far, status: 'completed' })]
  t.equal(visibleRequests(list, viewer({ isAdmin: true, showAll: true })).length, 4)
  t.equal(visibleRequests(list, viewer({ showAll: true })).length, 3)
  t.equal(visibleRequests(list, viewer()).length, 1)
})

t.test('ordering: own active, then mine to respond, then active before completed, then newest update', async (t) => {
  const at = (hour: number) => `2026-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`
  const ownCompleted = request({ isOwnRequest: true, status: 'completed', updated_at: at(23) })
  const otherNewest = request({ updated_at: at(22) })
  const otherOld = request({ status: 'in progress', responder_id: ME + 1, updated_at: at(5) })
  const completedNewest = request({ status: 'completed', updated_at: at(21) })
  const responding = request({ status: 'in progress', responder_id: ME, updated_at: at(1) })
  const ownOld = request({ isOwnRequest: true, updated_at: at(2) })
  const ownNew = request({ isOwnRequest: true, status: 'in progress', responder_id: ME + 1, updated_at: at(3) })
  const completedOld = request({ status: 'completed', updated_at: at(4) })
  const ordered = orderRequests(
    [ownCompleted, otherNewest, otherOld, completedNewest, responding, ownOld, ownNew, completedOld],
    ME,
  )
  t.same(
    ordered.map((r) => r.request_id),
    [ownNew, ownOld, responding, otherNewest, otherOld, ownCompleted, completedNewest, completedOld].map(
      (r) => r.request_id,
    ),
  )
})

t.test('request messages of the contract', async (t) => {
  t.equal(messageKeyOf(new ApiError(429, 'You have reached the daily request limit.')), 'dailylimitreached')
  t.equal(messageKeyOf(new ApiError(429, 'Rate limit exceeded, retry in 1 minute')), 'toomanyattempts')
  t.equal(messageKeyOf(new ApiError(409, 'You have reached the limit of 2 active requests.')), 'activelimitreached')
  t.equal(messageKeyOf(new ApiError(400, 'Contains invalid characters')), 'invalidcharacters')
  t.equal(messageKeyOf(new ApiError(400, 'Description must be 1-500 characters')), 'invaliddesclength')
  t.equal(messageKeyOf(new ApiError(403, 'Only the owner can do this.')), 'genericerror')
  t.same(takeOverFeedback(new ApiError(409, 'You have already responded to this request.')), {
    key: 'alreadyresponded',
  })
  t.same(takeOverFeedback(new ApiError(409, 'This request already has a responder.')), { key: 'alreadyhashelper' })
  t.same(takeOverFeedback(new ApiError(409, 'You have reached the limit of 2 active responses.')), {
    key: 'responselimitreached',
  })
  t.same(takeOverFeedback(new ApiError(403, 'You cannot respond to your own request.')), {
    text: 'You cannot respond to your own request.',
  })
  t.same(
    takeOverFeedback(new ApiError(0, 'Failed to fetch')),
    { key: 'servernotreached' },
    'no answer: said so, not generic',
  )
  t.same(takeOverFeedback(new ApiError(500, 'Internal Server Error')), { key: 'genericerror' })
  t.same(takeOverFeedback(new Error('bug')), { key: 'genericerror' })
})

t.test('description rules of the contract', async (t) => {
  t.equal(descriptionError('Rengas puhki, Ässäkatu 5!'), null)
  t.equal(descriptionError('   '), 'invaliddesclength')
  t.equal(descriptionError('a'.repeat(500)), null)
  t.equal(descriptionError('a'.repeat(501)), 'invaliddesclength')
  t.equal(descriptionError(`${'a'.repeat(499)}😀`), 'invalidcharacters', '500 characters, though 501 UTF-16 units')
  t.equal(descriptionError('Help <script>'), 'invalidcharacters')
  t.equal(descriptionError('50% off'), 'invalidcharacters')
})

t.test('relative times in fi, sv and en', async (t) => {
  const now = Date.parse('2026-05-01T12:00:00.000Z')
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()
  const relative = (seconds: number, locale: string) => formatRelativeTime(ago(seconds), now, locale, 'juuri nyt')
  t.equal(relative(10, 'fi'), 'juuri nyt', 'under a minute is the catalog’s “just now”, not Intl’s bare “nyt”')
  t.equal(relative(-10, 'fi'), 'juuri nyt', 'a clock a few seconds ahead too')
  t.equal(relative(5 * 60, 'en'), '5 minutes ago')
  t.equal(relative(5 * 60, 'fi'), '5 minuuttia sitten')
  t.equal(relative(5 * 60, 'sv'), 'för 5 minuter sedan')
  t.equal(relative(3 * 3600 + 50 * 60, 'en'), '3 hours ago')
  t.equal(relative(26 * 3600, 'en'), 'yesterday')
  t.equal(relative(26 * 3600, 'fi'), 'eilen')
  t.equal(relative(3 * 86400, 'sv'), 'för 3 dagar sedan')
})

t.test('pull-to-refresh: spinner from 50 px, at most 100 px; a release past 100 px refreshes', async (t) => {
  const { pullIndicatorHeight, pullTriggers } = await import('../../../web/src/features/requests/pull.ts')
  t.equal(pullIndicatorHeight(30), 0)
  t.equal(pullIndicatorHeight(50), 0)
  t.equal(pullIndicatorHeight(80), 30)
  t.equal(pullIndicatorHeight(400), 100)
  t.notOk(pullTriggers(99))
  t.ok(pullTriggers(100))
  t.ok(pullTriggers(60, 50), 'a custom threshold')
})
