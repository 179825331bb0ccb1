import t from 'tap'
import { HeartbeatTurns } from '../../../../server/events/heartbeat-turns.ts'

/** The heartbeat's turns (server/events/heartbeat-turns.ts): every socket once per round, the rounds' load even. */

const round = <T>(turns: HeartbeatTurns<T>) => Array.from({ length: turns.count }, () => [...turns.nextTurn()])

t.test('every item is visited once per round of turns, in turns of even size', async (t) => {
  const turns = new HeartbeatTurns<number>(4)
  for (let item = 0; item < 10; item++) turns.add(item)
  const visits = round(turns)
  t.same(
    visits.flat().sort((a, b) => a - b),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    'each item once',
  )
  t.same(
    visits.map((turn) => turn.length),
    [3, 3, 2, 2],
    'no turn holds more than one item over another',
  )
  t.same(round(turns), visits, 'the next round visits them in the same turns')
})

t.test('a removed item is not visited, also when removed during its turn; adding twice files once', async (t) => {
  const turns = new HeartbeatTurns<string>(2)
  for (const item of ['a', 'b', 'c', 'd']) turns.add(item)
  turns.add('a')
  turns.remove('c')
  const visited: string[] = []
  for (const item of turns.nextTurn()) {
    visited.push(item)
    turns.remove(item)
  }
  t.same(visited, ['a'], 'the first turn: a (c was removed before it)')
  t.same([...turns.nextTurn()], ['b', 'd'])
  t.same([...turns.nextTurn()], [], 'what was removed while visited is gone')
})

t.test('the number of turns is a positive integer', async (t) => {
  t.throws(() => new HeartbeatTurns(0))
  t.throws(() => new HeartbeatTurns(1.5))
})
