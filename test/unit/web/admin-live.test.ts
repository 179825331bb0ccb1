import t from 'tap'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import {
  ALL_REQUESTS,
  liveChanges,
  liveRequests,
  matchesFilters,
  sortRequests,
  statusesById,
  type LiveFilters,
} from '../../../web/src/features/admin/overview/live/live-filters.ts'
import { helpRequest } from './fixtures.ts'

// 2026-06-15 12:00 in Helsinki (UTC+3 in summer).
const NOW = Date.parse('2026-06-15T09:00:00.000Z')
const HOUR = 3600 * 1000
const ago = (ms: number) => new Date(NOW - ms).toISOString()

let nextId = 1
const request = (fields: Partial<HelpRequest> = {}): HelpRequest =>
  helpRequest({ request_id: nextId++, created_at: ago(HOUR), ...fields })

const ids = (requests: readonly HelpRequest[]) => requests.map((r) => r.request_id)
const filter = (requests: HelpRequest[], filters: Partial<LiveFilters>) =>
  ids(requests.filter((r) => matchesFilters(r, { ...ALL_REQUESTS, ...filters }, NOW)))

t.test('the status, category and test filters keep only what they name; "all" keeps everything', async (t) => {
  const fresh = request({ status: 'new', category: 'other' })
  const helping = request({ status: 'in progress', category: 'bicycle_maintenance' })
  const done = request({ status: 'completed', category: 'other', is_test: true })
  const all = [fresh, helping, done]
  t.same(filter(all, {}), ids(all))
  t.same(filter(all, { status: 'new' }), [fresh.request_id])
  t.same(filter(all, { status: 'in progress' }), [helping.request_id])
  t.same(filter(all, { status: 'completed' }), [done.request_id])
  t.same(filter(all, { category: 'other' }), [fresh.request_id, done.request_id])
  t.same(filter(all, { category: 'food_and_hydration' }), [])
  t.same(filter(all, { test: 'test' }), [done.request_id])
  t.same(filter(all, { test: 'real' }), [fresh.request_id, helping.request_id])
  t.same(filter(all, { status: 'completed', test: 'real' }), [], 'filters combine')
})

t.test('periods: the Helsinki calendar day, the last 24 hours, the last 7 days, all loaded', async (t) => {
  const hourAgo = request({ created_at: ago(HOUR) })
  // 00:30 Helsinki today is 21:30 UTC yesterday: today in Helsinki although another day in UTC.
  const earlyToday = request({ created_at: '2026-06-14T21:30:00.000Z' })
  // 23:30 Helsinki yesterday: within 24 hours, not today.
  const lateYesterday = request({ created_at: '2026-06-14T20:30:00.000Z' })
  const twoDays = request({ created_at: ago(48 * HOUR) })
  const sixDays = request({ created_at: ago(6 * 24 * HOUR) })
  const eightDays = request({ created_at: ago(8 * 24 * HOUR) })
  const all = [hourAgo, earlyToday, lateYesterday, twoDays, sixDays, eightDays]
  t.same(filter(all, { period: 'today' }), ids([hourAgo, earlyToday]))
  t.same(filter(all, { period: 'day' }), ids([hourAgo, earlyToday, lateYesterday]))
  t.same(filter(all, { period: 'week' }), ids([hourAgo, earlyToday, lateYesterday, twoDays, sixDays]))
  t.same(filter(all, { period: 'all' }), ids(all))
  t.same(filter([request({ created_at: ago(24 * HOUR + 1) })], { period: 'day' }), [], 'just over 24 hours is out')
})

t.test('orders: newest first, oldest first, by status (new, in progress, completed) then newest', async (t) => {
  const a = request({ created_at: ago(3 * HOUR), status: 'completed' })
  const b = request({ created_at: ago(1 * HOUR), status: 'in progress' })
  const c = request({ created_at: ago(2 * HOUR), status: 'new' })
  const d = request({ created_at: ago(4 * HOUR), status: 'new' })
  const all = [a, b, c, d]
  t.same(ids(sortRequests(all, 'newest')), ids([b, c, a, d]))
  t.same(ids(sortRequests(all, 'oldest')), ids([d, a, c, b]))
  t.same(ids(sortRequests(all, 'status')), ids([c, d, b, a]))
  t.same(ids(all), ids([a, b, c, d]), 'the store’s array is not reordered')
  const twin = request({ created_at: b.created_at })
  t.same(ids(sortRequests([b, twin], 'newest')), ids([twin, b]), 'a tie goes to the higher (later) id')
  t.same(ids(sortRequests([twin, b], 'oldest')), ids([b, twin]))
})

t.test('liveRequests filters, then orders', async (t) => {
  const old = request({ created_at: ago(10 * 24 * HOUR) })
  const older = request({ created_at: ago(3 * HOUR), is_test: true })
  const newer = request({ created_at: ago(1 * HOUR) })
  t.same(ids(liveRequests([older, old, newer], ALL_REQUESTS, 'newest', NOW)), ids([newer, older, old]))
  t.same(
    ids(liveRequests([older, old, newer], { ...ALL_REQUESTS, period: 'week' }, 'oldest', NOW)),
    ids([older, newer]),
  )
  t.same(liveRequests([], ALL_REQUESTS, 'status', NOW), [])
})

t.test('live changes: new requests and new statuses, not other edits or removals', async (t) => {
  const kept = request({ status: 'new' })
  const taken = request({ status: 'new' })
  const gone = request({ status: 'new' })
  const before = statusesById([kept, taken, gone])
  const arrived = request({ status: 'new' })
  const after = [{ ...kept, description: 'edited', views: 3 }, { ...taken, status: 'in progress' as const }, arrived]
  t.same(
    liveChanges(before, after).map((change) => [change.kind, change.request.request_id]),
    [
      ['status', taken.request_id],
      ['added', arrived.request_id],
    ],
  )
  t.same(liveChanges(statusesById(after), after), [], 'nothing changed: no news')
})
