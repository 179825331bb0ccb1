import t from 'tap'
import { ManualClock } from '../../manual-clock.ts'
import type { Coordinates } from '../../../web/src/shared/api/types.ts'
import { parseServerEvent } from '../../../web/src/shared/live/server-events.ts'
import {
  KEEP_ALIVE_MS,
  PositionSharer,
  SHARE_INTERVAL_MS,
  type SendOutcome,
} from '../../../web/src/features/position-sharing/position-sharer.ts'
import { approachOf, formatApproachKm, formatTravelTime } from '../../../web/src/features/position-sharing/approach.ts'
import { isPositionStale, STALE_POSITION_MS } from '../../../web/src/features/position-sharing/staleness.ts'
import { formatAge } from '../../../web/src/features/requests/relative-time.ts'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import {
  resumeSharingAfterReload,
  type ResumeSharingState,
  sharingToResume,
} from '../../../web/src/features/position-sharing/resume-sharing.ts'
import { readSharingOnDevice } from '../../../web/src/features/position-sharing/sharing-on-device.ts'
import { createStore } from 'zustand/vanilla'
import { helpRequest } from './fixtures.ts'
import { memoryStorage } from './memory-storage.ts'

/** The shared manual clock (test/manual-clock.ts), shaped as this file's tests use it. */
function manualClock() {
  const clock = new ManualClock()
  return { clock, advance: (ms: number) => clock.advance(ms), pending: () => clock.pending }
}

const at = (latitude: number): Coordinates => ({ latitude, longitude: 24.9 })

t.test('the sharer sends the first fix at once, then the newest at most every 5 s', async (t) => {
  const { clock, advance } = manualClock()
  const sent: number[] = []
  let answer: SendOutcome = 'sent'
  let ended = 0
  const sharer = new PositionSharer(
    async (position) => {
      sent.push(position.latitude)
      return answer
    },
    () => (ended += 1),
    clock,
  )
  sharer.fix(at(60.1))
  await advance(0)
  t.same(sent, [60.1], 'the first fix goes at once')
  sharer.fix(at(60.2))
  sharer.fix(at(60.3))
  await advance(SHARE_INTERVAL_MS - 1)
  t.same(sent, [60.1], 'not within the interval')
  await advance(1)
  t.same(sent, [60.1, 60.3], 'the newest when it is over; the one in between never')
  answer = 'later'
  sharer.fix(at(60.4))
  await advance(SHARE_INTERVAL_MS)
  t.same(sent, [60.1, 60.3, 60.4])
  await advance(SHARE_INTERVAL_MS)
  t.same(sent, [60.1, 60.3, 60.4, 60.4], 'a refused update is tried again')
  answer = 'end'
  await advance(SHARE_INTERVAL_MS)
  t.equal(ended, 1, 'not the helper any more: sharing ends')
  sharer.fix(at(60.5))
  await advance(SHARE_INTERVAL_MS * 3)
  t.equal(sent.length, 5, 'nothing after the end')
})

t.test('stop ends a pending send', async (t) => {
  const { clock, advance } = manualClock()
  const sent: number[] = []
  const sharer = new PositionSharer(async (p) => (sent.push(p.latitude), 'sent'), undefined, clock)
  sharer.fix(at(60.1))
  await advance(0)
  sharer.fix(at(60.2))
  sharer.stop()
  await advance(SHARE_INTERVAL_MS * 2)
  t.same(sent, [60.1])
})

t.test('standing still, the last fix goes again every minute while the page is in view', async (t) => {
  const { clock, advance, pending } = manualClock()
  const sent: number[] = []
  let inView = true
  const sharer = new PositionSharer(
    async (p) => (sent.push(p.latitude), 'sent'),
    undefined,
    clock,
    () => inView,
  )
  sharer.fix(at(60.1))
  await advance(0)
  await advance(KEEP_ALIVE_MS - 1)
  t.same(sent, [60.1], 'not before a minute')
  await advance(1)
  t.same(sent, [60.1, 60.1], 'the same fix again: the owner sees the helper is still there')
  await advance(KEEP_ALIVE_MS / 2)
  sharer.fix(at(60.2))
  await advance(0)
  await advance(KEEP_ALIVE_MS - 1)
  t.same(sent, [60.1, 60.1, 60.2], 'a new fix starts the minute afresh')
  await advance(1)
  t.same(sent, [60.1, 60.1, 60.2, 60.2], 'and the newest goes again, never an older one')
  inView = false
  await advance(KEEP_ALIVE_MS * 3)
  t.same(sent.length, 4, 'hidden (a locked screen): no old fix presented as current')
  inView = true
  await advance(KEEP_ALIVE_MS * 3)
  t.same(sent.length, 4, 'shown again: it waits for a real fix')
  sharer.fix(at(60.3))
  await advance(0)
  t.same(sent, [60.1, 60.1, 60.2, 60.2, 60.3])
  sharer.stop()
  t.equal(pending(), 0, 'stopped: nothing left to run')
})

t.test('distance and a rough time at 18 km/h', async (t) => {
  const request = { latitude: 60.17, longitude: 24.94 }
  t.same(approachOf(request, request), { kind: 'near' })
  t.same(approachOf({ latitude: 60.1705, longitude: 24.94 }, request), { kind: 'near' }, '55 m: less than 100 m')
  const six = approachOf({ latitude: 60.224, longitude: 24.94 }, request)
  t.match(six, { kind: 'away', minutes: 20 }, '6 km: 20 min')
  const short = approachOf({ latitude: 60.1712, longitude: 24.94 }, request)
  t.match(short, { kind: 'away', minutes: 1 }, '130 m: about 1 min, never 0')
  t.equal(formatApproachKm(2.44, 'fi'), '2,4')
  t.equal(formatApproachKm(2.46, 'en'), '2.5')
})

t.test('a rough time reads in minutes, and in hours and minutes from an hour on', async (t) => {
  t.equal(formatTravelTime(8, 'en'), '8 min')
  t.equal(formatTravelTime(60, 'en'), '1 hr')
  t.equal(formatTravelTime(536, 'en'), '8 hr 56 min', 'the 160 km take-over: not "536 min"')
  t.equal(formatTravelTime(536, 'fi'), '8 t 56 min')
  t.equal(formatTravelTime(125, 'sv'), '2 tim 5 min')
})

t.test('responder.position events are parsed, with null for stopped', async (t) => {
  const position = { latitude: 60.1, longitude: 24.9, at: '2026-11-24T09:00:00.000Z' }
  t.same(parseServerEvent(JSON.stringify({ type: 'responder.position', request_id: 4, position })), {
    type: 'responder.position',
    request_id: 4,
    position,
  })
  t.same(parseServerEvent(JSON.stringify({ type: 'responder.position', request_id: 4, position: null })), {
    type: 'responder.position',
    request_id: 4,
    position: null,
  })
  t.equal(parseServerEvent(JSON.stringify({ type: 'responder.position', request_id: 4 })), null)
  t.equal(parseServerEvent(JSON.stringify({ type: 'responder.position', request_id: 4, position: { at: 1 } })), null)
})

t.test('a position over 2 minutes old is stale, and its age reads short in each language', async (t) => {
  const at = '2026-11-24T09:00:00.000Z'
  const taken = Date.parse(at)
  t.equal(STALE_POSITION_MS, 120_000)
  t.notOk(isPositionStale(at, taken), 'just taken')
  t.notOk(isPositionStale(at, taken + STALE_POSITION_MS), 'exactly 2 min: still current')
  t.ok(isPositionStale(at, taken + STALE_POSITION_MS + 1), 'older than 2 min: stale')
  t.ok(isPositionStale(at, taken + 3 * 3_600_000), 'hours old')
  t.notOk(isPositionStale(at, taken - 30_000), 'a device clock behind the server’s: not stale')
  // What fills "last seen {age} ago".
  t.equal(formatAge(at, taken + 3 * 60_000, 'en'), '3 min')
  t.equal(formatAge(at, taken + 3 * 60_000 + 59_000, 'fi'), '3 min', 'whole minutes')
  t.equal(formatAge(at, taken + 2 * 3_600_000, 'sv'), '2 tim')
})

const HELPER_ID = 7
const taken = (request_id: number, fields: Partial<HelpRequest> = {}) =>
  helpRequest({ request_id, status: 'in progress', responder_id: HELPER_ID, responder_user_name: 'Heikki', ...fields })

t.test('after a reload: sharing resumes on what is still taken by this helper, the rest is forgotten', async (t) => {
  const requests = [
    taken(1),
    taken(2, { status: 'completed' }),
    taken(3, { responder_id: 99 }),
    helpRequest({ request_id: 4, status: 'new' }),
  ]
  t.same(
    sharingToResume([1, 2, 3, 4, 5], requests, HELPER_ID, false),
    { resume: [1], forget: [2, 3, 4] },
    'one missing from a list kept on the device waits for the server’s list',
  )
  t.same(sharingToResume([1, 5], requests, HELPER_ID, true), { resume: [1], forget: [5] }, 'the server’s list decides')
  t.same(sharingToResume([1], requests, 8, true), { resume: [], forget: [1] }, 'another user never resumes it')
})

t.test('what the helper shares on is kept on the device, and resumed when the app loads again', async (t) => {
  const storage = memoryStorage()
  const started: number[] = []
  const initial = {
    status: 'loggedIn',
    user: { user_id: HELPER_ID } as { user_id: number } | null,
    requests: [] as HelpRequest[],
    requestsStatus: 'idle',
    sharing: {} as Record<number, true>,
  }
  const storeWith = (state: typeof initial) =>
    createStore<ResumeSharingState>()((set, get) => ({
      ...state,
      startSharing: (requestId) => {
        started.push(requestId)
        set({ sharing: { ...get().sharing, [requestId]: true } })
      },
    }))

  // The app as first opened: the helper starts sharing on request 1, then on 2, and stops on 2.
  const first = storeWith({ ...initial, requests: [taken(1), taken(2)], requestsStatus: 'loaded' })
  resumeSharingAfterReload(first, storage)
  t.same(started, [], 'nothing kept yet: nothing starts by itself')
  first.setState({ sharing: { 1: true } })
  first.setState({ sharing: { 1: true, 2: true } })
  t.same(readSharingOnDevice(HELPER_ID, storage), [1, 2], 'kept as it changes')
  first.setState({ sharing: { 1: true } })
  t.same(readSharingOnDevice(HELPER_ID, storage), [1], 'a stop is kept too')

  // Reloaded: the list kept on the device is not there yet, then the server's list comes.
  const reloaded = storeWith({ ...initial, status: 'unknown', user: null })
  resumeSharingAfterReload(reloaded, storage)
  reloaded.setState({ status: 'loggedIn', user: { user_id: HELPER_ID } })
  t.same(started, [], 'no list yet: nothing decided')
  t.same(readSharingOnDevice(HELPER_ID, storage), [1], 'and nothing forgotten meanwhile')
  reloaded.setState({ requests: [taken(1)], requestsStatus: 'loaded' })
  t.same(started, [1], 'still the helper, in progress: sharing starts again')
  t.same(reloaded.getState().sharing, { 1: true })
  t.same(readSharingOnDevice(HELPER_ID, storage), [1], 'and stays kept')
  reloaded.setState({ requests: [taken(1, { status: 'completed' })] })
  t.same(started, [1], 'decided once: a later list starts nothing again')

  // Reloaded again after the request was completed elsewhere: forgotten, never started.
  const later = storeWith({ ...initial, requests: [taken(1, { status: 'completed' })], requestsStatus: 'loaded' })
  resumeSharingAfterReload(later, storage)
  t.same(started, [1], 'a completed request does not resume')
  t.same(readSharingOnDevice(HELPER_ID, storage), [], 'and is forgotten')
  t.equal(storage.items.size, 0, 'nothing left on the device')
})
