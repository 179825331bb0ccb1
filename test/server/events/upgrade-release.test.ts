import t from 'tap'
import type { IncomingMessage } from 'node:http'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { buildTestApp } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

/*
 * An open event stream does not hold its upgrade's HTTP objects (server/events/upgrade-release.ts): the request with
 * its headers, the response that never finishes, Fastify's request, reply and logger. Were they held, this
 * IncomingMessage would outlive a full garbage collection as long as the socket is open.
 */

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Whether the object is gone after full collections (a WeakRef's target stays for the rest of the turn it was read). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    gc()
    await nextTurn()
    if (ref.deref() === undefined) return true
  }
  return false
}

t.test('an open socket lets its upgrade request go, and still hears its events', async (t) => {
  const app = await buildTestApp(t)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const upgrades: Array<WeakRef<IncomingMessage>> = []
  app.server.on('upgrade', (request: IncomingMessage) => void upgrades.push(new WeakRef(request)))
  const owner = await signedIn(app, 'Owner')
  const events = await openEvents(base, owner.user.token)
  t.teardown(() => events.close())
  t.equal(upgrades.length, 1, 'one upgrade seen')

  t.ok(await collected(upgrades[0]!), 'the upgrade request was collected while the socket is open')
  const created = await owner.create({ latitude: 60.17, longitude: 24.94, description: 'Heard after the release' })
  t.equal(created.status, 201)
  const id = created.body.request_id
  const heard = await events.next((event) => event.type === 'request.upserted' && event.request?.request_id === id)
  t.equal(heard.type, 'request.upserted', 'the socket still hears its events')
})
