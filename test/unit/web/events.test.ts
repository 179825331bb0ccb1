import t from 'tap'
import { helpRequest } from './fixtures.ts'
import { reconnectDelay, RECONNECT_MAX_MS } from '../../../web/src/shared/live/backoff.ts'
import {
  applyRequestEvent,
  editedParts,
  helpedRequestChange,
  ownRequestChange,
} from '../../../web/src/features/requests/list-merge.ts'
import { parseServerEvent } from '../../../web/src/shared/live/server-events.ts'
import {
  EventStream,
  REPLACED_CLOSE,
  UNAUTHORIZED_CLOSE,
  type SocketLike,
} from '../../../web/src/shared/live/stream.ts'
import { orderRequests } from '../../../web/src/features/requests/selectors.ts'

const request = helpRequest

t.test('reconnect delays double from 1 s to at most 30 s, jittered in the upper half', async (t) => {
  const low = (attempt: number) => reconnectDelay(attempt, () => 0)
  const high = (attempt: number) => reconnectDelay(attempt, () => 1)
  t.same([0, 1, 2, 3, 4, 5, 6, 20].map(high), [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
  t.same([0, 1, 5].map(low), [500, 1000, 15_000])
  t.equal(
    reconnectDelay(3, () => 0.5),
    6000,
  )
  for (let attempt = 0; attempt < 50; attempt++) t.ok(reconnectDelay(attempt) <= RECONNECT_MAX_MS)
  t.equal(high(1000), 30_000, 'no overflow for a very long outage')
})

t.test('parseServerEvent knows its types and ignores the rest', async (t) => {
  t.same(parseServerEvent('{"type":"ready"}'), { type: 'ready' })
  t.same(parseServerEvent('{"type":"refetch"}'), { type: 'refetch' })
  t.same(parseServerEvent('{"type":"services.changed","extra":1}'), { type: 'services.changed' })
  t.same(parseServerEvent('{"type":"request.deleted","request_id":5}'), { type: 'request.deleted', request_id: 5 })
  const removal = { type: 'request.upserted', request: request({ request_id: 9 }), removedBy: 'owner' }
  t.equal(
    (parseServerEvent(JSON.stringify(removal)) as { removedBy?: string } | null)?.removedBy,
    'owner',
    'who ended a response',
  )
  const upserted = parseServerEvent(JSON.stringify({ type: 'request.upserted', request: request({ request_id: 9 }) }))
  t.equal(upserted?.type === 'request.upserted' && upserted.request.request_id, 9)
  for (const text of [
    'nope',
    '[]',
    'null',
    '{"type":"other"}',
    '{"type":"request.deleted"}',
    '{"type":"request.upserted","request":{}}',
  ]) {
    t.equal(parseServerEvent(text), null, text)
  }
})

t.test('applyRequestEvent inserts, replaces, re-sorts through the selectors and removes', async (t) => {
  const older = request({ request_id: 1, updated_at: '2026-05-01T10:00:00.000Z' })
  const other = request({ request_id: 2, updated_at: '2026-05-01T11:00:00.000Z' })
  let list = applyRequestEvent([older], { type: 'request.upserted', request: other })
  t.same(
    list.map((r) => r.request_id),
    [1, 2],
    'inserted',
  )

  const bumped = { ...older, status: 'in progress' as const, updated_at: '2026-05-01T12:00:00.000Z' }
  list = applyRequestEvent(list, { type: 'request.upserted', request: bumped })
  t.equal(list.length, 2, 'replaced, not added')
  t.equal(list[0], bumped)
  t.same(
    orderRequests(list, 99).map((r) => r.request_id),
    [1, 2],
    'newest update first',
  )

  const stale = { ...older, status: 'new' as const }
  t.equal(applyRequestEvent(list, { type: 'request.upserted', request: stale })[0], bumped, 'an older copy never wins')
  const sameTime = { ...bumped, views: 4 }
  t.equal(applyRequestEvent(list, { type: 'request.upserted', request: sameTime })[0], sameTime, 'same time replaces')

  t.same(
    applyRequestEvent(list, { type: 'request.deleted', request_id: 1 }).map((r) => r.request_id),
    [2],
  )
  t.same(applyRequestEvent(list, { type: 'request.deleted', request_id: 77 }).length, 2, 'unknown id: no change')
  t.equal(list.length, 2, 'the input is not mutated')
})

t.test('ownRequestChange: taken over and back to new, for own requests only', async (t) => {
  const mine = request({ isOwnRequest: true })
  const taken = { ...mine, status: 'in progress' as const, responder_id: 3, responder_user_name: 'Bertil' }
  t.equal(ownRequestChange(mine, taken), 'takenover')
  t.equal(ownRequestChange(taken, { ...mine }), 'released')
  t.equal(ownRequestChange(undefined, taken), null, 'not seen before')
  t.equal(ownRequestChange(taken, taken), null, 'no change')
  t.equal(ownRequestChange(taken, { ...taken, status: 'completed' }), null, 'ready is the owner’s own act')
  const theirs = request()
  t.equal(ownRequestChange(theirs, { ...theirs, status: 'in progress', responder_id: 3 }), null, 'not mine')
})

t.test(
  'helpedRequestChange: the helper is told when no longer needed or the request changed, and only then',
  async (t) => {
    const ME = 3
    const helping = request({ status: 'in progress', responder_id: ME, responder_user_name: 'Bertil' })
    // As the server sends a completed request: no responder any more.
    const completed = { ...helping, status: 'completed' as const, responder_id: null, responder_user_name: null }
    const backToNew = { ...helping, status: 'new' as const, responder_id: null, responder_user_name: null }
    t.equal(helpedRequestChange(helping, completed, ME), 'completed')
    t.equal(helpedRequestChange(helping, null, ME), 'deleted')
    t.equal(helpedRequestChange(helping, backToNew, ME), 'removed')
    t.equal(helpedRequestChange(helping, backToNew, ME, 'owner'), 'removed', 'the owner removed them')
    t.equal(helpedRequestChange(helping, backToNew, ME, 'responder'), null, 'released on another of their devices')
    t.equal(helpedRequestChange(helping, { ...helping, responder_id: 8 }, ME), 'removed', 'someone else helps now')
    t.equal(
      helpedRequestChange(helping, { ...helping, views: 4 }, ME),
      null,
      'still helping, nothing of theirs changed',
    )
    t.equal(helpedRequestChange(helping, { ...helping, description: 'edited' }, ME), 'edited', 'a new description')
    t.same(editedParts(helping, { ...helping, description: 'edited' }), ['description'])
    t.same(editedParts(helping, { ...helping, latitude: 60.2 }), ['location'], 'moved')
    t.same(
      editedParts(helping, { ...helping, isApproximate: !helping.isApproximate }),
      ['location'],
      'exact ↔ approximate',
    )
    t.same(editedParts(helping, { ...helping, description: 'x', longitude: 25 }), ['description', 'location'])
    t.equal(helpedRequestChange(undefined, completed, ME), null, 'not seen before')
    t.equal(helpedRequestChange(helping, completed, 8), null, 'someone else’s help')
    const other = { ...helping, responder_id: 8 }
    t.equal(helpedRequestChange(other, null, ME), null, 'deleting a request helped by others is no news')
    t.equal(helpedRequestChange(completed, null, ME), null, 'a completed request needed nobody any more')
    t.equal(helpedRequestChange(request(), null, ME), null, 'a new one had no helper')
  },
)

/** A fake socket the test opens, feeds and closes by hand. */
class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  closedWith: number | null = null
  onopen: SocketLike['onopen'] = null
  onmessage: SocketLike['onmessage'] = null
  onclose: SocketLike['onclose'] = null
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code = 1000) {
    this.closedWith = code
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) })
  }
  drop(code: number) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

function harness(refresh: () => Promise<string | null> = async () => 'fresh') {
  const sockets: FakeSocket[] = []
  const timers: { run: () => void; ms: number }[] = []
  const log: string[] = []
  let token: string | null = 'first'
  const stream = new EventStream({
    url: 'ws://test/api/events',
    createSocket: () => {
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket
    },
    readToken: () => token,
    refreshToken: async () => {
      log.push('refresh')
      token = await refresh()
      return token
    },
    onReady: () => log.push('ready'),
    onEvent: (event) => log.push(event.type),
    onSessionOver: () => log.push('session over'),
    onPausedChange: (paused) => log.push(paused ? 'paused' : 'resumed'),
    random: () => 1,
    setTimer: (run, ms) => {
      const timer = { run, ms }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
  })
  const last = () => sockets[sockets.length - 1] as FakeSocket
  const fire = () => (timers.shift() as { run: () => void }).run()
  return { stream, sockets, timers, log, last, fire }
}

t.test('the stream authenticates first, passes events on and re-sends auth after a refresh', async (t) => {
  const { stream, log, last, sockets } = harness()
  stream.start()
  last().open()
  t.same(last().sent, [{ type: 'auth', token: 'first' }])
  stream.tokenChanged('early')
  t.equal(last().sent.length, 1, 'no second auth before ready')
  last().receive({ type: 'ready' })
  last().receive({ type: 'request.deleted', request_id: 3 })
  last().receive({ type: 'refetch' })
  last().receive({ type: 'mystery' })
  t.same(log, ['ready', 'request.deleted', 'refetch'])
  stream.tokenChanged('second')
  t.same(last().sent[1], { type: 'auth', token: 'second' }, 'same socket, new token')
  t.equal(sockets.length, 1)
  stream.stop()
  t.equal(last().closedWith, 1000)
})

t.test('the stream confirms a received message only on its open, authenticated socket', async (t) => {
  const { stream, last } = harness()
  stream.start()
  stream.confirmReceived('7')
  last().open()
  stream.confirmReceived('8')
  t.same(last().sent, [{ type: 'auth', token: 'first' }], 'nothing before ready')
  last().receive({ type: 'ready' })
  stream.confirmReceived('9')
  t.same(last().sent[1], { type: 'received', message_id: '9' })
  last().drop(1006)
  stream.confirmReceived('10')
  t.equal(last().sent.length, 2, 'nothing on a closed socket: the push goes as due')
  stream.stop()
})

t.test('the stream reconnects with growing delays, resets after ready, and not after a stop', async (t) => {
  const { stream, sockets, timers, log, last, fire } = harness()
  stream.start()
  last().open()
  last().drop(1006)
  t.same(
    timers.map((x) => x.ms),
    [1000],
  )
  fire()
  last().drop(1006)
  t.same(
    timers.map((x) => x.ms),
    [2000],
    'the second try waits longer',
  )
  fire()
  last().open()
  last().receive({ type: 'ready' })
  t.same(log, ['ready'], 'ready after the reconnect: the list is refetched')
  last().drop(1001)
  t.same(
    timers.map((x) => x.ms),
    [1000],
    'a working connection resets the backoff',
  )
  stream.stop()
  t.same(timers, [], 'logout cancels the pending reconnect')
  t.equal(sockets.length, 3)
})

t.test(
  'a 4401 refreshes the token, then reconnects with the new one; a refused refresh ends the session',
  async (t) => {
    const ok = harness()
    ok.stream.start()
    ok.last().open()
    ok.last().drop(UNAUTHORIZED_CLOSE)
    await new Promise((resolve) => setImmediate(resolve))
    t.same(ok.log, ['refresh'])
    ok.fire()
    ok.last().open()
    t.same(ok.last().sent, [{ type: 'auth', token: 'fresh' }])

    const refused = harness(async () => null)
    refused.stream.start()
    refused.last().open()
    refused.last().drop(UNAUTHORIZED_CLOSE)
    await new Promise((resolve) => setImmediate(resolve))
    t.same(refused.log, ['refresh', 'session over'])
    t.same(refused.timers, [], 'no reconnect without a session')
    t.equal(refused.sockets.length, 1)

    const offline = harness(async () => {
      throw new Error('offline')
    })
    offline.stream.start()
    offline.last().open()
    const warn = console.warn
    console.warn = () => {}
    t.teardown(() => {
      console.warn = warn
    })
    offline.last().drop(UNAUTHORIZED_CLOSE)
    await new Promise((resolve) => setImmediate(resolve))
    t.equal(offline.timers.length, 1, 'offline: try again later')
  },
)

t.test('a 4409 (replaced by a newer connection) pauses without reconnecting, until resumed', async (t) => {
  const { stream, sockets, timers, log, last, fire } = harness()
  stream.resume()
  t.same(log, [], 'resume does nothing before a pause')
  stream.start()
  last().open()
  last().receive({ type: 'ready' })
  last().drop(REPLACED_CLOSE)
  t.same(timers, [], 'no reconnect is planned: eleven tabs would close each other in turn forever')
  t.equal(sockets.length, 1)
  t.ok(stream.isPaused)
  t.same(log, ['ready', 'paused'])
  stream.tokenChanged('later')
  t.equal(sockets.length, 1, 'a new token does not wake it')

  stream.resume()
  t.equal(sockets.length, 2, 'resuming connects at once')
  t.notOk(stream.isPaused)
  last().open()
  t.same(last().sent, [{ type: 'auth', token: 'first' }])
  last().receive({ type: 'ready' })
  t.same(log, ['ready', 'paused', 'resumed', 'ready'], 'and the list is fetched again')
  stream.resume()
  t.equal(sockets.length, 2, 'a second resume changes nothing')

  // Too many messages (4429) is no reason to pause: reconnect with the usual backoff.
  last().drop(4429)
  t.same(
    timers.map((x) => x.ms),
    [1000],
  )
  fire()
  t.equal(sockets.length, 3)

  last().drop(REPLACED_CLOSE)
  stream.stop()
  t.notOk(stream.isPaused, 'logging out ends the pause')
  t.equal(log[log.length - 1], 'resumed')
  stream.resume()
  t.equal(sockets.length, 3, 'nothing to resume after a logout')
})

t.test(
  'reports.changed (admins only): parsed, and counted by the live slice for the dashboard to reload',
  async (t) => {
    const { createLiveSlice, selectReportsChanges } = await import('../../../web/src/shared/live/slice.ts')
    t.same(parseServerEvent('{"type":"reports.changed"}'), { type: 'reports.changed' })
    t.same(
      parseServerEvent('{"type":"reports.changed","report_id":3}'),
      { type: 'reports.changed' },
      'nothing else kept',
    )
    let state = {} as ReturnType<typeof createLiveSlice>
    const set = (partial: Partial<typeof state>) => void (state = { ...state, ...partial })
    state = createLiveSlice(set as never, () => state, {} as never)
    t.equal(selectReportsChanges(state), 0)
    state.reportsChanged()
    state.reportsChanged()
    t.equal(selectReportsChanges(state), 2, 'each event moves it')
  },
)
