import t from 'tap'
import { helpRequest } from './fixtures.ts'
import { create } from 'zustand'
import { createRequestsSlice, type RequestsStore } from '../../web/src/store/slices/requests.ts'

const OLDER = '2026-05-01T10:00:00.000Z'
const NEWER = '2026-05-01T10:00:05.000Z'

/** The requests slice as the app's store holds it, after a login (the session's status decides what is taken). */
function loggedInStore() {
  return create<RequestsStore>()((...args) => ({
    status: 'loggedIn',
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
  // Same state, this viewer's shape (e.g. the phone shown to a responder): the last copy told is kept.
  store.getState().putRequest(helpRequest({ request_id: 2, description: 'edited', phone: null, updated_at: NEWER }))
  t.equal(store.getState().requests[0]?.phone, null, 'same updated_at replaces')
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

t.test('after a logout neither a late answer nor a late event puts a request back', async (t) => {
  const store = loggedInStore()
  store.setState({ status: 'loggedOut' })
  store.getState().putRequest(helpRequest({ request_id: 4 }))
  store.getState().applyEvent({ type: 'request.upserted', request: helpRequest({ request_id: 5 }) })
  t.same(store.getState().requests, [])
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
