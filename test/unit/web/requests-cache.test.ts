import t from 'tap'
import {
  clearCachedRequests,
  parseCachedRequests,
  readCachedRequests,
  REQUESTS_CACHE_KEY,
  saveCachedRequests,
} from '../../../web/src/features/requests/requests-cache.ts'
import { helpRequest } from './fixtures.ts'
import { memoryStorage } from './memory-storage.ts'

const LOADED_AT = Date.parse('2026-05-01T14:32:00.000Z')

t.test('a saved list reads back for its user, with the phones and the time it was loaded', async (t) => {
  const storage = memoryStorage()
  const requests = [helpRequest({ request_id: 7, responder_phone: '+358401110002' })]
  saveCachedRequests({ userId: 3, loadedAt: LOADED_AT, requests }, storage)
  t.same(readCachedRequests(3, storage), { userId: 3, loadedAt: LOADED_AT, requests })
})

t.test("another user's list is never read", async (t) => {
  const storage = memoryStorage()
  saveCachedRequests({ userId: 3, loadedAt: LOADED_AT, requests: [helpRequest()] }, storage)
  t.equal(readCachedRequests(4, storage), null)
})

t.test('clearing removes the copy', async (t) => {
  const storage = memoryStorage()
  saveCachedRequests({ userId: 3, loadedAt: LOADED_AT, requests: [helpRequest()] }, storage)
  clearCachedRequests(storage)
  t.equal(storage.items.has(REQUESTS_CACHE_KEY), false)
  t.equal(readCachedRequests(3, storage), null)
})

t.test('a damaged, foreign or older copy is ignored, not misread', async (t) => {
  const valid = { version: 2, userId: 3, loadedAt: LOADED_AT, requests: [helpRequest()] }
  t.ok(parseCachedRequests(JSON.stringify(valid), 3), 'the valid shape reads')
  t.equal(parseCachedRequests(null, 3), null, 'nothing stored')
  t.equal(parseCachedRequests('{not json', 3), null, 'not JSON')
  t.equal(parseCachedRequests(JSON.stringify({ ...valid, version: 0 }), 3), null, 'another version')
  t.equal(parseCachedRequests(JSON.stringify({ ...valid, loadedAt: 'noon' }), 3), null, 'no time')
  t.equal(parseCachedRequests(JSON.stringify({ ...valid, requests: {} }), 3), null, 'no list')
  t.equal(parseCachedRequests(JSON.stringify({ ...valid, requests: [{ id: 1 }] }), 3), null, 'not requests')
})

t.test('without storage (Node, blocked storage) nothing is kept and nothing throws', async (t) => {
  const throwing = {
    getItem: () => {
      throw new Error('blocked')
    },
    setItem: () => {
      throw new Error('blocked')
    },
    removeItem: () => {
      throw new Error('blocked')
    },
  }
  saveCachedRequests({ userId: 3, loadedAt: LOADED_AT, requests: [] }, throwing)
  clearCachedRequests(throwing)
  t.equal(readCachedRequests(3, throwing), null)
  t.equal(readCachedRequests(3), null, 'the default storage is missing in Node')
})
