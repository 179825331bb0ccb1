import t from 'tap'
import { messageOf, payloadOf, type BusMessage } from '../../../../server/events/bus.ts'

// The NOTIFY payload is read by instances of another version during a rolling upgrade: its names stay as they were.
t.test(
  "a request change's previous helper travels as previousResponderId, and comes back as previousHelperId",
  async (t) => {
    const message: BusMessage = {
      type: 'request',
      requestId: 7,
      previousHelperId: 3,
      removedBy: 'responder',
      origin: 'a',
    }
    const payload = payloadOf(message)
    t.same(JSON.parse(payload), {
      type: 'request',
      requestId: 7,
      previousResponderId: 3,
      removedBy: 'responder',
      origin: 'a',
    })
    t.same(messageOf(payload), message, 'read back as it was sent')
    t.same(
      messageOf('{"type":"request","requestId":7,"previousResponderId":null,"vouch":2}'),
      { type: 'request', requestId: 7, previousHelperId: null, vouch: 2 },
      'a payload from an instance of the version before',
    )
  },
)

t.test('other messages go as they are', async (t) => {
  const message: BusMessage = { type: 'conversation', requestId: 7, messageId: '12' }
  t.equal(payloadOf(message), JSON.stringify(message))
  t.same(messageOf(payloadOf(message)), message)
  t.throws(() => messageOf('not json'), 'a malformed payload throws, for the listener to log')
})
