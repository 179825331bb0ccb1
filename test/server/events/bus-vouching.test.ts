import t from 'tap'
import postgres, { type Sql } from 'postgres'
import { notifyInstances, postgresBus, type BusMessage } from '../../../server/events/bus.ts'
import { createTestDatabase } from '../../helper.ts'
import { waitUntil } from '../../wait.ts'

/*
 * The bus is current while something this instance sent came back recently (docs/adr/0010-session-cache.md): its
 * heartbeats, and as well every message it sends on the shared channel, so that changes coming a few times a second
 * need no heartbeats of their own.
 */

const HOUR_MS = 3_600_000
const quietLog = { warn: () => {} }

/** A heartbeat connection whose NOTIFYs never complete (as if it hung), counting how often one is tried. */
function hungHeartbeats(): { sql: Sql; tries: () => number } {
  let tries = 0
  const hung = (() => {
    tries += 1
    return new Promise(() => {})
  }) as unknown as Sql
  Object.assign(hung, { end: async () => {} })
  return { sql: hung, tries: () => tries }
}

t.test('an instance’s own message vouches for its bus; another instance’s does not', async (t) => {
  const url = await createTestDatabase(t)
  const sqlA = postgres(url, { max: 2, onnotice: () => {} })
  const sqlB = postgres(url, { max: 2, onnotice: () => {} })
  t.teardown(() => Promise.all([sqlA.end(), sqlB.end()]))
  const heartbeats = hungHeartbeats()
  // No tick within the test and a lease as long: only what comes back can make the bus current.
  const a = await postgresBus(sqlA, quietLog, { heartbeatSql: heartbeats.sql, heartbeatMs: HOUR_MS, leaseMs: HOUR_MS })
  const b = await postgresBus(sqlB, quietLog)
  t.teardown(() => Promise.all([a.close(), b.close()]))
  const heardByA: BusMessage[] = []
  a.onMessage((message) => heardByA.push(message))

  t.notOk(a.isCurrent(), 'nothing came back yet')
  t.equal(heartbeats.tries(), 1, 'the question started a heartbeat, which hangs')

  await b.publish({ type: 'services' })
  await waitUntil(() => heardByA.length === 1)
  t.notOk(a.isCurrent(), 'another instance’s message says nothing of when this bus heard')

  await a.publish({ type: 'services' })
  await waitUntil(() => a.isCurrent())
  t.pass('its own message came back: the bus is current')
  t.equal(heartbeats.tries(), 1, 'with no heartbeat beyond the hung one')
  t.equal(heardByA.length, 1, 'its own message is not handed to its listeners')
})

t.test('a message announced in a transaction that rolls back vouches for nothing', async (t) => {
  const url = await createTestDatabase(t)
  const sql = postgres(url, { max: 2, onnotice: () => {} })
  t.teardown(() => sql.end())
  const heartbeats = hungHeartbeats()
  const bus = await postgresBus(sql, quietLog, { heartbeatSql: heartbeats.sql, heartbeatMs: HOUR_MS, leaseMs: HOUR_MS })
  t.teardown(() => bus.close())
  const rolledBack = new Error('rolled back')
  await t.rejects(
    sql.begin(async (tx) => {
      await bus.announce(tx, { type: 'user', userId: 1 })
      throw rolledBack
    }),
    rolledBack,
  )
  // A message committed after it (as the admin script sends them, without an origin): once the bus heard it, it
  // would have heard the rolled-back one before it, had that been sent.
  let heard = false
  bus.onMessage(() => void (heard = true))
  await notifyInstances(sql, { type: 'services' })
  await waitUntil(() => heard)
  t.notOk(bus.isCurrent(), 'not current: its only own message never committed')
})
