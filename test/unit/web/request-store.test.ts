import t from 'tap'
import { helpRequest } from './fixtures.ts'
import { create } from 'zustand'
import { createRequestsSlice, type RequestsStore } from '../../../web/src/features/requests/slice.ts'

const OLDER = '2026-05-01T10:00:00.000Z'
const NEWER = '2026-05-01T10:00:05.000Z'
const LATER = '2026-05-01T10:00:09.000Z'
/** The logged-in user. */
const ME = 7

/** The requests slice as the app's store holds it, after a login (the session's status decides what is taken). */
function loggedInStore() {
  return create<RequestsStore>()((...args) => ({
    status: 'loggedIn',
    user: { user_id: ME },
    ...createRequestsSlice(...args),
  }))
}

t.test('a late HTTP answer older than a live update does not roll the list back', async (t) => {
  const store = loggedInStore()
  store.getState().putRequest(helpRequest({ request_id: 1, status: 'new', updated_at: OLDER }))
  store.getState().applyEvent({
    type: 'request.upserted',
    request: helpRequest({ request_id: 1, status: 'in progress', responder_id: 9, updated_at: NEWER }),
  })
  // The answer to a request sent before the live change arrives after it.
  store.getState().putRequest(helpRequest({ request_id: 1, status: 'new', views: 3, updated_at: OLDER }))
  const [kept] = store.getState().requests
  t.equal(store.getState().requests.length, 1)
  t.equal(kept?.status, 'in progress', 'the newer live state stays')
  t.equal(kept?.updated_at, NEWER)
})

t.test('a newer HTTP answer replaces a live copy; one of the same updated_at replaces it too', async (t) => {
  const store = loggedInStore()
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 2, updated_at: OLDER }) })
  store.getState().putRequest(helpRequest({ request_id: 2, description: 'edited', updated_at: NEWER }))
  t.equal(store.getState().requests[0]?.description, 'edited', 'newer answer applied')
  // Same state, this viewer's shape (e.g. the view count shown to an admin): the last copy told is kept.
  store.getState().putRequest(helpRequest({ request_id: 2, description: 'edited', views: 3, updated_at: NEWER }))
  t.equal(store.getState().requests[0]?.views, 3, 'same updated_at replaces')
})

t.test('only live changes make notices and mark deletions; answers change the list alone', async (t) => {
  const store = loggedInStore()
  const own = { request_id: 3, isOwnRequest: true }
  store.getState().putRequest(helpRequest({ ...own, status: 'new', updated_at: OLDER }))
  store
    .getState()
    .putRequest(
      helpRequest({ ...own, status: 'in progress', responder_id: 9, responder_user_name: 'helper', updated_at: NEWER }),
    )
  t.same(store.getState().notices, [], 'an answer is no news to the user who caused or fetched it')

  store.getState().applyEvent({
    type: 'request.upserted',
    request: helpRequest({ ...own, status: 'new', updated_at: '2026-05-01T10:00:09.000Z' }),
  })
  t.same(
    store.getState().notices.map((n) => n.change),
    ['released'],
    'a live release of the own request is told',
  )

  store.getState().dropRequest(3)
  t.same(store.getState().requests, [], 'an answer that it is gone removes it')
  t.same(store.getState().deletedRequestIds, [], 'but does not mark it deleted-by-someone-else')
})

t.test('the owner marking the request ready drops the notice that it was taken over', async (t) => {
  const store = loggedInStore()
  const own = { request_id: 4, isOwnRequest: true }
  store.getState().putRequest(helpRequest({ ...own, status: 'new', updated_at: OLDER }))
  store.getState().applyEvent({
    type: 'request.upserted',
    request: helpRequest({
      ...own,
      status: 'in progress',
      responder_id: 9,
      responder_user_name: 'h',
      updated_at: NEWER,
    }),
  })
  t.same(
    store.getState().notices.map((n) => n.change),
    ['takenover'],
    'the take-over is told',
  )
  store.getState().putRequest(helpRequest({ ...own, status: 'completed', updated_at: LATER }))
  t.same(store.getState().notices, [], 'completed here (an answer): the take-over notice goes')
})

t.test('after a logout neither a late answer nor a late event puts a request back', async (t) => {
  const store = loggedInStore()
  store.setState({ status: 'loggedOut' })
  store.getState().putRequest(helpRequest({ request_id: 4 }))
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 5 }) })
  t.same(store.getState().requests, [])
})

t.test('the helper is told when the request they help with is completed, deleted or they are removed', async (t) => {
  const store = loggedInStore()
  const helping = (id: number) =>
    helpRequest({ request_id: id, status: 'in progress', responder_id: ME, category: 'food_and_hydration' })
  for (const id of [11, 12, 13]) store.getState().putRequest(helping(id))
  t.same(store.getState().notices, [], 'taking them over is no news')

  const live = (request: ReturnType<typeof helping>) =>
    store.getState().applyEvent({ type: 'request.upserted', request })
  live({ ...helping(11), status: 'completed', responder_id: null, updated_at: LATER })
  live({ ...helping(12), status: 'new', responder_id: null, updated_at: LATER })
  store.getState().applyEvent({ type: 'request.deleted', request_id: 13 })
  t.same(
    store.getState().notices.map((n) => [n.requestId, n.change, n.category]),
    [
      [11, 'completed', 'food_and_hydration'],
      [12, 'removed', 'food_and_hydration'],
      [13, 'deleted', 'food_and_hydration'],
    ],
  )
  t.same(store.getState().deletedRequestIds, [13], 'an open detail of the deleted one can say so')
})

t.test('the helper’s own release or delete here makes no notice, whichever comes first', async (t) => {
  const store = loggedInStore()
  const helping = (id: number) => helpRequest({ request_id: id, status: 'in progress', responder_id: ME })
  for (const id of [21, 22]) store.getState().putRequest(helping(id))
  store.getState().expectOwnChange(21)
  store.getState().expectOwnChange(22)
  // The live echo overtakes the HTTP answer.
  store.getState().applyEvent({
    type: 'request.upserted',
    request: { ...helping(21), status: 'new', responder_id: null, updated_at: LATER },
  })
  store.getState().applyEvent({ type: 'request.deleted', request_id: 22 })
  t.same(store.getState().notices, [])
})

t.test('a response that ended here, by a release or a removal, is remembered until logout', async (t) => {
  const store = loggedInStore()
  const helping = (id: number) => helpRequest({ request_id: id, status: 'in progress', responder_id: ME })
  for (const id of [31, 32, 33, 34]) store.getState().putRequest(helping(id))
  // Released here: the HTTP answer; removed by the owner: a live event; completed: the help ended, not the response.
  store.getState().putRequest({ ...helping(31), status: 'new', responder_id: null, updated_at: LATER })
  store.getState().applyEvent({
    type: 'request.upserted',
    request: { ...helping(32), status: 'new', responder_id: null, updated_at: LATER },
    removedBy: 'owner',
  })
  store.getState().applyEvent({
    type: 'request.upserted',
    request: { ...helping(33), status: 'completed', responder_id: null, updated_at: LATER },
  })
  // Someone else's response ending says nothing about this user.
  store.getState().putRequest(helpRequest({ request_id: 35, status: 'in progress', responder_id: ME + 1 }))
  store.getState().putRequest(helpRequest({ request_id: 35, status: 'new', responder_id: null, updated_at: LATER }))
  t.same(store.getState().endedResponseIds, [31, 32])
  store.getState().requestsAfterLogout()
  t.same(store.getState().endedResponseIds, [], 'the next user on this device starts afresh')
})

t.test('a deleted request the user did not help with makes no notice', async (t) => {
  const store = loggedInStore()
  store.getState().putRequest(helpRequest({ request_id: 31, status: 'in progress', responder_id: 99 }))
  store.getState().applyEvent({ type: 'request.deleted', request_id: 31 })
  t.same(store.getState().notices, [])
})

t.test('the list kept on the device goes only into an empty list; a fetch without an answer says so', async (t) => {
  const store = loggedInStore()
  const kept = helpRequest({ request_id: 11 })
  store.getState().restoreRequests([kept], 1000)
  t.same(store.getState().requests, [kept])
  t.equal(store.getState().requestsLoadedAt, 1000)
  store.getState().restoreRequests([helpRequest({ request_id: 12 })], 2000)
  t.same(
    store.getState().requests.map((r) => r.request_id),
    [11],
    'a second copy does not replace what is held',
  )

  const fetchFails = globalThis.fetch
  globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'))
  t.teardown(() => {
    globalThis.fetch = fetchFails
  })
  await store.getState().loadRequests()
  t.equal(store.getState().requestsStatus, 'unreachable', 'offline is not an error answer')
  t.same(store.getState().requests, [kept], 'the kept list stays')

  store.getState().requestsAfterLogout()
  t.same(store.getState().requests, [])
  t.equal(store.getState().requestsLoadedAt, null)
})

t.test('a sync cursor the server no longer takes (400) is replaced by a whole list, not an error', async (t) => {
  const store = loggedInStore()
  const paths: string[] = []
  const answers: Record<string, () => Response> = {
    '/api/requests': () =>
      Response.json([helpRequest({ request_id: paths.length === 1 ? 21 : 22 })], {
        headers: { 'x-sync-cursor': `cursor${paths.length}` },
      }),
    '/api/requests?since=cursor1': () =>
      Response.json({ message: 'Invalid list cursor: fetch the list again without one.' }, { status: 400 }),
  }
  const realFetch = globalThis.fetch
  globalThis.fetch = (input: string | URL | Request) => {
    const path = input instanceof Request ? input.url : input.toString()
    paths.push(path)
    return Promise.resolve(answers[path]?.() ?? new Response(null, { status: 404 }))
  }
  t.teardown(() => {
    globalThis.fetch = realFetch
  })
  await store.getState().loadRequests()
  await store.getState().refetchRequests()
  t.same(paths, ['/api/requests', '/api/requests?since=cursor1', '/api/requests'])
  t.equal(store.getState().requestsStatus, 'loaded')
  t.same(
    store.getState().requests.map((r) => r.request_id),
    [22],
    'the whole list replaces the old one',
  )
  await store.getState().refetchRequests()
  t.equal(paths.at(-1), '/api/requests?since=cursor3', 'and its cursor is used next')
})

t.test('a removed helper loses the owner’s number with the role; someone else who was shown it keeps it', async (t) => {
  const store = loggedInStore()
  const helping = { request_id: 20, status: 'in progress' as const, phone: '+358401234567', updated_at: OLDER }
  store.getState().putRequest(helpRequest({ ...helping, responder_id: ME }))
  store.getState().putRequest(helpRequest({ request_id: 21, phone: '+358409876543', updated_at: OLDER }))
  // The owner removed this user; the live copy for them carries no number, as for anyone who only looks.
  store.getState().applyEvent({
    type: 'request.upserted',
    request: helpRequest({ ...helping, status: 'new', responder_id: null, phone: null, updated_at: NEWER }),
  })
  store.getState().applyEvent({
    type: 'request.upserted',
    request: helpRequest({ request_id: 21, status: 'in progress', responder_id: 9, phone: null, updated_at: NEWER }),
  })
  const [was, looked] = store.getState().requests
  t.equal(was?.phone, null, 'the former helper’s copy drops the owner’s number')
  t.equal(looked?.phone, '+358409876543', 'a nearby viewer shown the number keeps it when someone takes it over')
})

t.test('a request the server hides, live or in a sync, is remembered as hidden; a 404 on a recheck too', async (t) => {
  const store = loggedInStore()
  store.getState().putRequest(helpRequest({ request_id: 30, updated_at: OLDER }))
  store.getState().applyEvent({ type: 'request.hidden', request_id: 30 })
  store.getState().applyEvent({ type: 'request.hidden', request_id: 31 })
  t.same(store.getState().requests, [], 'gone from the list')
  t.same(store.getState().hiddenRequestIds, [30], 'only an id the list held is remembered')

  // A message refused with 403/404 rechecks the request: the server shows this user nothing of it any more.
  store.getState().putRequest(helpRequest({ request_id: 32, updated_at: OLDER }))
  const realFetch = globalThis.fetch
  globalThis.fetch = () => Promise.resolve(Response.json({ message: 'Request not found' }, { status: 404 }))
  t.teardown(() => {
    globalThis.fetch = realFetch
  })
  await store.getState().recheckRequest(32)
  t.same(store.getState().requests, [], 'a recheck answered 404 drops it')
  t.same(store.getState().hiddenRequestIds, [30, 32], 'and remembers it as hidden')
})

t.test('the list is as new as its latest live change after a fetch, not as old as the fetch', async (t) => {
  const store = loggedInStore()
  let now = 1_000
  const realNow = Date.now
  const realFetch = globalThis.fetch
  Date.now = () => now
  globalThis.fetch = () =>
    Promise.resolve(Response.json([helpRequest({ request_id: 41, updated_at: OLDER })], { headers: {} }))
  t.teardown(() => {
    Date.now = realNow
    globalThis.fetch = realFetch
  })

  // Kept on the device at 500, a live change before any fetch: the copy is still as old as it was.
  store.getState().restoreRequests([helpRequest({ request_id: 40, updated_at: OLDER })], 500)
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 42, updated_at: NEWER }) })
  t.equal(store.getState().requestsLoadedAt, 500, 'a live change on top of the kept copy leaves its time')

  await store.getState().loadRequests()
  t.equal(store.getState().requestsLoadedAt, 1_000, 'the fetch')

  now = 1_000 + 13 * 60_000
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 41, updated_at: NEWER }) })
  t.equal(store.getState().requestsLoadedAt, now, 'a live change 13 minutes later: the list is of then')
  now += 60_000
  store.getState().putRequest(helpRequest({ request_id: 41, views: 2, updated_at: LATER }))
  t.equal(store.getState().requestsLoadedAt, now - 60_000, 'an answer about one request says nothing of the rest')

  store.getState().requestsAfterLogout()
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 43, updated_at: NEWER }) })
  t.equal(store.getState().requestsLoadedAt, null, 'after a logout, nothing')
})
