import t from 'tap'
import { create } from 'zustand'
import type { ConversationMessage } from '../../../web/src/features/conversation/api.ts'
import { compareIds, mergeMessages } from '../../../web/src/features/conversation/message-order.ts'
import { parseServerEvent } from '../../../web/src/shared/live/server-events.ts'
import {
  createConversationSlice,
  selectThanksArrived,
  selectUnread,
  type ConversationStore,
} from '../../../web/src/features/conversation/slice.ts'

const ME = 7
const OTHER = 9

const message = (id: string, requestId: number, authorId = OTHER): ConversationMessage => ({
  message_id: id,
  request_id: requestId,
  author_id: authorId,
  author_name: authorId === ME ? 'Me' : 'Other',
  text: `Message ${id}`,
  created_at: '2026-05-01T10:00:00.000Z',
})

const store = () =>
  create<ConversationStore>()((...args) => ({ user: { user_id: ME }, ...createConversationSlice(...args) }))

t.test('live messages count as unread unless they are mine or their conversation is on screen', async (t) => {
  const messages = store()
  const unread = (requestId: number) => selectUnread(requestId)(messages.getState())
  messages.getState().messageArrived(message('1', 10))
  messages.getState().messageArrived(message('2', 10))
  messages.getState().messageArrived(message('2', 10))
  t.equal(unread(10), 2, 'each message once, whatever repeats it')
  messages.getState().messageArrived(message('3', 10, ME))
  t.equal(unread(10), 2, 'my own message (from another device) is read')
  messages.getState().setConversationOnScreen(10)
  t.equal(unread(10), 0, 'opening the conversation reads it')
  messages.getState().messageArrived(message('4', 10))
  t.equal(unread(10), 0, 'what arrives on screen is read')
  messages.getState().messageArrived(message('5', 11))
  t.equal(unread(11), 1, 'another request counts')
  t.same(
    messages.getState().arrivals[10]!.map((m) => m.message_id),
    ['1', '2', '3', '4'],
    'every arrival is kept for an open conversation',
  )
  messages.getState().messagesAfterLogout()
  t.same(messages.getState().unread, {})
  t.same(messages.getState().arrivals, {})
})

t.test('message ids order as the numbers they are', async (t) => {
  t.ok(compareIds('9', '10') < 0)
  t.ok(compareIds('123', '122') > 0)
  t.equal(compareIds('42', '42'), 0)
  const merged = mergeMessages(
    [message('9', 1), message('10', 1)],
    [message('10', 1), message('11', 1), message('2', 1)],
  )
  t.same(
    merged.map((m) => m.message_id),
    ['2', '9', '10', '11'],
  )
})

t.test('message.created is read from the stream; a malformed one is ignored', async (t) => {
  const event = parseServerEvent(JSON.stringify({ type: 'message.created', message: message('5', 3) }))
  t.match(event, { type: 'message.created', message: { message_id: '5', request_id: 3 } })
  t.equal(parseServerEvent(JSON.stringify({ type: 'message.created', message: { request_id: 3 } })), null)
  t.equal(parseServerEvent(JSON.stringify({ type: 'message.created' })), null)
})

t.test('thank-yous that arrive live: one notice per request, dismissed one by one, parsed strictly', async (t) => {
  const messages = store()
  const thanks = (requestId: number, text: string) => ({
    request_id: requestId,
    owner_name: 'Tuula',
    text,
    created_at: '2026-05-01T10:00:00.000Z',
  })
  messages.getState().thanksArrived(thanks(10, 'Kiitos!'))
  messages.getState().thanksArrived(thanks(11, 'Tack!'))
  messages.getState().thanksArrived(thanks(10, 'Kiitos!'))
  t.same(
    messages.getState().thanksReceived.map((t) => t.request_id),
    [11, 10],
    'the same request once',
  )
  t.equal(selectThanksArrived(11)(messages.getState())?.text, 'Tack!')
  messages.getState().dismissThanks(11)
  t.equal(selectThanksArrived(11)(messages.getState()), undefined)
  messages.getState().messagesAfterLogout()
  t.same(messages.getState().thanksReceived, [], 'nothing of it stays after a logout')

  t.match(parseServerEvent(JSON.stringify({ type: 'thanks.received', thanks: thanks(10, 'Kiitos!') })), {
    type: 'thanks.received',
    thanks: { request_id: 10, text: 'Kiitos!', owner_name: 'Tuula' },
  })
  t.equal(parseServerEvent(JSON.stringify({ type: 'thanks.received', thanks: { request_id: '10' } })), null)
  t.equal(parseServerEvent(JSON.stringify({ type: 'thanks.received' })), null)
})
