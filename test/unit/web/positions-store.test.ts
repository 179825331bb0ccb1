import t from 'tap'
import { create } from 'zustand'
import type { HelpRequest } from '../../../web/src/features/requests/api.ts'
import { createPositionsSlice, type PositionsStore } from '../../../web/src/features/position-sharing/slice.ts'
import {
  stopSharingWhenResponseEnds,
  type SharingGuardState,
} from '../../../web/src/features/position-sharing/stop-sharing-when-response-ends.ts'
import { waitUntil } from '../../wait.ts'

const ME = 7
const position = (latitude: number, at: string) => ({ latitude, longitude: 24.9, at })

t.test('the owner keeps the newest helper position, and drops it on null', async (t) => {
  const store = create<PositionsStore>()((...args) => ({
    position: null,
    positionSource: null,
    followPrecisely: () => () => {},
    ...createPositionsSlice(...args),
  }))
  const arrive = store.getState().helperPositionArrived
  arrive(4, position(60.1, '2026-11-24T09:00:05.000Z'))
  arrive(4, position(60.0, '2026-11-24T09:00:00.000Z'))
  t.equal(store.getState().helperPositions[4]?.latitude, 60.1, 'an older answer never replaces a newer event')
  arrive(4, position(60.2, '2026-11-24T09:00:10.000Z'))
  t.equal(store.getState().helperPositions[4]?.latitude, 60.2)
  arrive(4, null)
  t.same(store.getState().helperPositions, {}, 'stopped or ended: gone')
})

t.test('sharing stops by itself when the response ends or the request leaves the list', async (t) => {
  const request = (id: number, changes: Partial<HelpRequest> = {}) =>
    ({ request_id: id, status: 'in progress', responder_id: ME, ...changes }) as HelpRequest
  const stopped: Array<[number, boolean | undefined]> = []
  const store = create<SharingGuardState>()(() => ({
    user: { user_id: ME },
    requests: [request(1), request(2), request(3), request(4)],
    sharing: { 1: true, 2: true, 3: true, 4: true },
    stopSharing: (id: number, tellServer?: boolean) => void stopped.push([id, tellServer]),
  }))
  stopSharingWhenResponseEnds(store)
  store.setState({ requests: [request(1), request(2, { status: 'new', responder_id: null }), request(3), request(4)] })
  t.same(stopped, [[2, false]], 'released or removed: stopped without telling the server, which erased it')
  store.setState({ requests: [request(1), request(3, { status: 'completed' }), request(4)] })
  t.same(
    stopped.slice(1),
    [
      [2, false],
      [3, false],
    ],
    'completed, and gone from the list (deleted)',
  )
  store.setState({ requests: [request(1), request(4, { responder_id: 99 })] })
  t.ok(
    stopped.some(([id]) => id === 4),
    'someone else helps now',
  )
  t.notOk(
    stopped.some(([id]) => id === 1),
    'a response that lasts goes on',
  )
})

t.test('the browser refusing the position stops the sharing, tells the server, and says so', async (t) => {
  const calls: string[] = []
  const fetchBefore = globalThis.fetch
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input
    calls.push(`${init?.method ?? 'GET'} ${url}`)
    return Promise.resolve(new Response(null, { status: 204 }))
  }
  t.teardown(() => {
    globalThis.fetch = fetchBefore
  })
  const denials: Array<() => void> = []
  let watching = 0
  const store = create<PositionsStore>()((...args) => ({
    position: null,
    positionSource: null,
    followPrecisely: (_onFix, onDenied) => {
      watching += 1
      if (onDenied) denials.push(onDenied)
      return () => void (watching -= 1)
    },
    ...createPositionsSlice(...args),
  }))
  store.getState().startSharing(5)
  t.same(store.getState().sharing, { 5: true }, 'sharing while the browser has not answered')
  denials[0]!()
  t.same(store.getState().sharing, {}, 'refused: sharing stops')
  t.same(store.getState().sharingRefused, { 5: true }, 'and the switch is told why')
  t.equal(watching, 0, 'the watch is cleared')
  await waitUntil(() => calls.length > 0)
  t.match(calls, [/^DELETE .*\/api\/requests\/5\/responder-position$/], 'the server erases the last position')
  store.getState().startSharing(5)
  t.same(store.getState().sharingRefused, {}, 'a new tap tries again, the notice goes')

  // No geolocation at all: refused at once, within the call.
  const refusedAtOnce = create<PositionsStore>()((...args) => ({
    position: null,
    positionSource: null,
    followPrecisely: (_onFix, onDenied) => {
      onDenied?.()
      return () => {}
    },
    ...createPositionsSlice(...args),
  }))
  refusedAtOnce.getState().startSharing(6)
  t.same(refusedAtOnce.getState().sharing, {}, 'never shown as sharing')
  t.same(refusedAtOnce.getState().sharingRefused, { 6: true })
  await waitUntil(() => calls.some((call) => call.includes('/api/requests/6/responder-position')))
})
