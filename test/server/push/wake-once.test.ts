import t from 'tap'
import postgres from 'postgres'
import { CHANNEL } from '../../../server/events/bus.ts'
import { buildTestApp, createTestDatabase } from '../../helper.ts'
import { startRoundTripProxy } from '../../round-trip-proxy.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * The push worker looks once per commit that queued pushes (docs/performance.md, "Round trips of a change"): the
 * instance that made the change wakes its own worker after the commit, and its own wake-up NOTIFY, which wakes the
 * other instances' workers, does not wake it a second time. Each pass ends by asking when the next push falls due
 * (nextDue): the passes are counted by that statement, through a proxy that reads the protocol.
 */
t.test('a change wakes its own instance`s worker once, not again for its own NOTIFY', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const proxy = await startRoundTripProxy(databaseUrl)
  t.teardown(() => proxy.close())
  const app = await buildTestApp(t, { DATABASE_URL: proxy.url })
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const created = await owner.create()
  await app.push.idle()

  let heard = false
  app.events.onMessage((message) => {
    if (message.type === 'services') heard = true
  })
  proxy.mark()
  const taken = await helper.send('PUT', `/api/requests/${created.body.request_id}/addresponder`)
  t.equal(taken.status, 200)
  // One LISTEN connection hears every channel in commit order: once a NOTIFY committed after the change's is
  // heard, the change's wake-up was heard before it (and would have woken the worker).
  const other = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => other.end())
  await other`select pg_notify(${CHANNEL}, ${JSON.stringify({ type: 'services' })})`
  await waitUntil(() => heard)
  await app.push.idle()

  // nextDue's own statement: a change's SQL may call least() too (the helper's distance at a take-over).
  const passes = proxy.since().filter((trip) => trip.statements.some((text) => /^\s*select least\(/.test(text)))
  t.equal(passes.length, 1, 'one pass of the worker for one commit')
})
