import t from 'tap'
import { AwaitedReceipts, receiptIn, RECEIPTS_PER_SOCKET } from '../../../../server/events/message-receipts.ts'

t.test('a receipt is taken once, and only from a socket the message was written to', async (t) => {
  const receipts = new AwaitedReceipts<object>()
  const [recipientPhone, recipientLaptop, stranger] = [{}, {}, {}]
  t.notOk(receipts.awaitsAny(recipientPhone), 'nothing awaited before a message is written')
  receipts.expect(recipientPhone, '11')
  receipts.expect(recipientLaptop, '11')
  t.ok(receipts.awaitsAny(recipientPhone))
  t.notOk(receipts.awaitsAny(stranger))
  t.notOk(receipts.take(stranger, '11'), 'never written to that socket')
  t.notOk(receipts.take(recipientPhone, '12'), 'another message')
  t.ok(receipts.take(recipientPhone, '11'))
  t.notOk(receipts.take(recipientPhone, '11'), 'confirmed already')
  t.notOk(receipts.awaitsAny(recipientPhone), 'nothing left to await')
  t.ok(receipts.take(recipientLaptop, '11'), 'each socket confirms for itself')
})

t.test('a socket that never confirms is not awaited without end: the oldest are forgotten', async (t) => {
  const receipts = new AwaitedReceipts<object>()
  const socket = {}
  for (let id = 1; id <= RECEIPTS_PER_SOCKET + 2; id++) receipts.expect(socket, String(id))
  t.notOk(receipts.take(socket, '1'))
  t.notOk(receipts.take(socket, '2'))
  t.ok(receipts.take(socket, '3'), 'the newest ones are still awaited')
  t.ok(receipts.take(socket, String(RECEIPTS_PER_SOCKET + 2)))
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
