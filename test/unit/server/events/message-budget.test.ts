import t from 'tap'
import { MessageBudget, WaitingSockets } from '../../../../server/events/socket-limits.ts'

t.test('a socket may send a burst of messages, then one more per refill interval', async (t) => {
  let now = 1_000_000
  const budget = new MessageBudget(5, 60_000, () => now)
  t.same(
    Array.from({ length: 6 }, () => budget.take()),
    [true, true, true, true, true, false],
    'five at once, not six',
  )
  now += 59_999
  t.notOk(budget.take(), 'not before a whole interval')
  now += 1
  t.ok(budget.take(), 'one after it')
  t.notOk(budget.take())
  now += 60_000 * 100
  t.same(
    Array.from({ length: 6 }, () => budget.take()),
    [true, true, true, true, true, false],
    'a long quiet time gives back the burst, no more',
  )
})

t.test('waiting sockets are counted per address key, and an empty key is forgotten', async (t) => {
  const waiting = new WaitingSockets(2)
  t.ok(waiting.enter('a'))
  t.ok(waiting.enter('a'))
  t.notOk(waiting.hasRoom('a'))
  t.notOk(waiting.enter('a'), 'the third is refused')
  t.ok(waiting.enter('b'), 'another address has its own count')
  waiting.leave('a')
  t.ok(waiting.enter('a'), 'room again after one left')
  waiting.leave('b')
  t.ok(waiting.hasRoom('b'))
})
