import t from 'tap'
import postgres from 'postgres'
import { ADMIN_DATABASE_URL } from '../../helper.ts'
import { proxiedDatabase } from '../../tcp-proxy.ts'
import { waitUntil } from '../../wait.ts'

/*
 * patches/postgres+3.4.9+002+listen-again.patch: after the listening connection closes, postgres.js listens again until it
 * succeeds. It tried once, right away, so a PostgreSQL that was not back yet (a restart, a failover) left every
 * channel deaf for good, and the event bus with it (docs/live-and-push.md). No migrations are needed: NOTIFY and
 * LISTEN touch no table, on the maintenance database.
 */

t.test('a channel whose LISTEN was lost while PostgreSQL was away is listened to again once it is back', async (t) => {
  const { proxy, url: viaProxy } = await proxiedDatabase(t, ADMIN_DATABASE_URL)
  const sql = postgres(viaProxy, { max: 1, onnotice: () => {} })
  const notifier = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await sql.end({ timeout: 1 })
    await notifier.end({ timeout: 1 })
  })
  const channel = `listen_again_${process.pid}`
  const heard: string[] = []
  let listened = 0
  await sql.listen(
    channel,
    (payload) => heard.push(payload),
    () => listened++,
  )
  t.equal(listened, 1)

  await proxy.refuse()
  // Only the listening connection goes through the proxy: a second refusal is the driver trying again after its
  // first try failed (the unpatched driver stops there).
  await waitUntil(() => proxy.refused >= 2)
  await proxy.restore()
  await waitUntil(() => listened === 2)
  t.pass('listened again, and told so (the bus then tells its clients to refetch)')

  await notifier`select pg_notify(${channel}, 'back')`
  await waitUntil(() => heard.includes('back'))
  t.same(heard, ['back'], 'heard again, once')
})
