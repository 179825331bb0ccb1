import t from 'tap'
import { AwaitedReceipts, receiptIn, RECEIPTS_PER_SOCKET } from '../../../server/events/message-receipts.ts'

t.test('a receipt is taken once, from the socket the message was written to, and says whose it is', async (t) => {
  const receipts = new AwaitedReceipts<object>()
  const [ownerSocket, helperSocket, stranger] = [{}, {}, {}]
  receipts.expect(ownerSocket, '11', true)
  receipts.expect(helperSocket, '11', false)
  t.equal(receipts.take(stranger, '11'), undefined, 'never written to that socket')
  t.equal(receipts.take(helperSocket, '11'), false, "the author's own socket: no push to drop")
  t.equal(receipts.take(ownerSocket, '12'), undefined, 'another message')
  t.equal(receipts.take(ownerSocket, '11'), true, "the recipient's")
  t.equal(receipts.take(ownerSocket, '11'), undefined, 'confirmed already')
})

t.test('a socket that never confirms is not awaited without end: the oldest are forgotten', async (t) => {
  const receipts = new AwaitedReceipts<object>()
  const socket = {}
  for (let id = 1; id <= RECEIPTS_PER_SOCKET + 2; id++) receipts.expect(socket, String(id), true)
  t.equal(receipts.take(socket, '1'), undefined)
  t.equal(receipts.take(socket, '2'), undefined)
  t.equal(receipts.take(socket, '3'), true, 'the newest ones are still awaited')
  t.equal(receipts.take(socket, String(RECEIPTS_PER_SOCKET + 2)), true)
})

t.test('receiptIn reads a receipt and nothing else', async (t) => {
  t.equal(receiptIn('{"type":"received","message_id":"42"}'), '42')
  for (const text of [
    'nope',
    'null',
    '[]',
    '{"type":"auth","token":"x"}',
    '{"type":"received"}',
    '{"type":"received","message_id":42}',
  ])
    t.equal(receiptIn(text), undefined, text)
})
