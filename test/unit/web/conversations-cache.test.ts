import t from 'tap'
import type { ConversationMessage } from '../../../web/src/features/conversation/api.ts'
import {
  addToCachedConversations,
  clearCachedConversations,
  CONVERSATIONS_CACHE_KEY,
  keepOnlyCachedConversations,
  KEPT_MESSAGES,
  parseCachedConversations,
  readCachedConversation,
  saveCachedConversation,
} from '../../../web/src/features/conversation/conversations-cache.ts'
import { memoryStorage } from './memory-storage.ts'

const SAVED_AT = Date.parse('2026-05-01T14:32:00.000Z')

const message = (id: number, requestId = 7): ConversationMessage => ({
  message_id: String(id),
  request_id: requestId,
  author_id: 2,
  author_name: 'Helmi',
  text: `Message ${id}`,
  created_at: '2026-05-01T14:30:00.000Z',
})

const conversation = (messages: ConversationMessage[]) => ({
  savedAt: SAVED_AT,
  messages,
  readOnly: null,
  lastReadId: null,
})

t.test('a kept conversation reads back for its user only', async (t) => {
  const storage = memoryStorage()
  saveCachedConversation(3, 7, conversation([message(1), message(2)]), storage)
  t.same(readCachedConversation(3, 7, storage), conversation([message(1), message(2)]))
  t.equal(readCachedConversation(3, 8, storage), null, 'another request: none')
  t.equal(readCachedConversation(4, 7, storage), null, "another user's copy is never read")
})

t.test('live arrivals join a kept copy, once; a conversation never kept is left alone', async (t) => {
  const storage = memoryStorage()
  saveCachedConversation(3, 7, conversation([message(1)]), storage)
  addToCachedConversations(3, [message(2), message(1), message(5, 9)], SAVED_AT + 60_000, storage)
  const kept = readCachedConversation(3, 7, storage)
  t.same(
    kept?.messages.map((m) => m.message_id),
    ['1', '2'],
    'the new one added in order, the known one not twice',
  )
  t.equal(kept?.savedAt, SAVED_AT + 60_000, 'from when')
  t.equal(readCachedConversation(3, 9, storage), null, 'no partial copy of a conversation never loaded')
})

t.test('only the newest messages are kept', async (t) => {
  const storage = memoryStorage()
  const many = Array.from({ length: KEPT_MESSAGES + 5 }, (_, i) => message(i + 1))
  saveCachedConversation(3, 7, conversation(many), storage)
  const kept = readCachedConversation(3, 7, storage)!.messages
  t.equal(kept.length, KEPT_MESSAGES)
  t.equal(kept[0]!.message_id, '6')
})

t.test('closed conversations are forgotten; clearing removes everything', async (t) => {
  const storage = memoryStorage()
  saveCachedConversation(3, 7, conversation([message(1)]), storage)
  saveCachedConversation(3, 8, conversation([message(2, 8)]), storage)
  keepOnlyCachedConversations(3, new Set([8]), storage)
  t.equal(readCachedConversation(3, 7, storage), null, 'the one no longer open')
  t.ok(readCachedConversation(3, 8, storage), 'the open one')
  keepOnlyCachedConversations(3, new Set(), storage)
  t.equal(storage.items.has(CONVERSATIONS_CACHE_KEY), false, 'none open: nothing stored at all')
  saveCachedConversation(3, 8, conversation([message(2, 8)]), storage)
  clearCachedConversations(storage)
  t.equal(storage.items.has(CONVERSATIONS_CACHE_KEY), false)
})

t.test('a damaged, foreign or older copy is ignored, not misread', async (t) => {
  const valid = { version: 1, userId: 3, conversations: { 7: conversation([message(1)]) } }
  t.same(Object.keys(parseCachedConversations(JSON.stringify(valid), 3)), ['7'], 'the valid shape reads')
  t.same(parseCachedConversations(null, 3), {}, 'nothing stored')
  t.same(parseCachedConversations('{not json', 3), {}, 'not JSON')
  t.same(parseCachedConversations(JSON.stringify({ ...valid, version: 0 }), 3), {}, 'another version')
  t.same(parseCachedConversations(JSON.stringify(valid), 4), {}, 'another user')
  const broken = { ...valid, conversations: { 7: { ...conversation([message(1)]), messages: [{ text: 5 }] } } }
  t.same(parseCachedConversations(JSON.stringify(broken), 3), {}, 'a message of the wrong shape')
  const badReadOnly = { ...valid, conversations: { 7: { ...conversation([]), readOnly: 'later' } } }
  t.same(parseCachedConversations(JSON.stringify(badReadOnly), 3), {}, 'an unknown read-only reason')
})
