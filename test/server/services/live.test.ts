import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, twoInstances } from '../../helper.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { runScript } from '../../process.ts'
import { signedIn } from '../../signed-in.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const servicesChanged = (event: ServerEvent) => event.type === 'services.changed'
const service = {
  category: 'shop',
  latitude: 60.17,
  longitude: 24.94,
  localizations: [{ language: 'fi', name: 'Pyöräliike' }],
}

t.test('a service change reaches the open event streams of normal users, on every instance', async (t) => {
  const { a, b, databaseUrl, dataDir } = await twoInstances(t)
  const [baseA, baseB] = [await listen(a), await listen(b)]
  const admin = await signedIn(a, 'Service Admin')
  await a.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`
  const cyclist = await signedIn(a, 'Cyclist')
  const onA = await openEvents(baseA, cyclist.user.token)
  const onB = await openEvents(baseB, cyclist.user.token)
  t.teardown(() => [onA, onB].forEach((client) => client.close()))

  /** Waits for the next `services.changed` after the ones already seen, on both instances' sockets. */
  const expectChange = async (what: string, change: () => Promise<{ status: number }>, status: number) => {
    const seen = [onA, onB].map((client) => client.events.filter(servicesChanged).length)
    t.equal((await change()).status, status, what)
    for (const [index, client] of [onA, onB].entries()) {
      await client.next(() => client.events.filter(servicesChanged).length > seen[index]!)
      t.same(client.events.filter(servicesChanged).at(-1), { type: 'services.changed' }, `${what}: instance ${index}`)
    }
    // Each instance keeps the list in memory: the change reached both caches before their clients heard of it.
    const expected = JSON.stringify(await a.sql`select service_id from services order by service_id`)
    for (const [index, app] of [a, b].entries()) {
      const ids = JSON.parse((await app.inject({ url: '/api/services' })).body) as Array<{ service_id: number }>
      t.equal(JSON.stringify(ids.map(({ service_id }) => ({ service_id }))), expected, `${what}: list of ${index}`)
    }
  }

  let id = 0
  await expectChange(
    'created',
    async () => {
      const created = await admin.send<{ service_id: number }>('POST', '/api/services', service)
      id = created.body.service_id
      return created
    },
    201,
  )
  await expectChange(
    'replaced',
    () => admin.send('PUT', `/api/services/${id}`, { ...service, category: 'restaurant' }),
    200,
  )
  await expectChange('deleted', () => admin.send('DELETE', `/api/services/${id}`), 204)

  // A refused change tells nobody: the next change's event is the first one after it on the socket.
  const before = onB.events.length
  t.equal((await admin.send('POST', '/api/services', { ...service, category: 'castle' })).status, 400, 'refused')
  t.equal((await admin.send('DELETE', `/api/services/${id}`)).status, 404, 'already gone')
  t.equal((await cyclist.send('PUT', '/api/user/radius', { radius: 42 })).status, 200, 'the marker change')
  // One socket delivers in order: a services.changed sent for the refused calls would be before this marker.
  const marker = await onB.next((event) => event.type === 'user.updated' && onB.events.indexOf(event) >= before)
  const refusedToldOf = onB.events.slice(before, onB.events.indexOf(marker)).some(servicesChanged)
  t.notOk(refusedToldOf, 'no services.changed for a refused change')

  // The import command runs in its own process: it tells the running servers through PostgreSQL as well.
  const file = join(dataDir, 'import.csv')
  writeFileSync(file, 'external_id,category,latitude,longitude,name_fi\nlive-1,shop,60.2,24.9,Tuotu kauppa\n')
  const seenOnB = onB.events.filter(servicesChanged).length
  const run = runScript('scripts/import-services.ts', [file], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir })
  t.equal((await run.exited).code, 0, run.output())
  await onB.next(() => onB.events.filter(servicesChanged).length > seenOnB)
  t.match(
    (await b.inject({ url: '/api/services' })).body,
    /Tuotu kauppa/,
    "an import reaches the apps and B's list too",
  )
})

t.test('the public list is served from memory until a change is announced', async (t) => {
  const app = await buildTestApp(t)
  const first = await app.inject({ url: '/api/services' })
  // Written behind the app's back (no bus message): the kept answer stands, so it was not read again.
  await app.sql`insert into services (category, latitude, longitude) values ('shop', 60.2, 24.9)`
  const again = await app.inject({ url: '/api/services', headers: { 'if-none-match': first.headers.etag as string } })
  t.equal(again.statusCode, 304, 'still the kept list')
  await app.events.publish({ type: 'services' })
  const fresh = await app.inject({ url: '/api/services', headers: { 'if-none-match': first.headers.etag as string } })
  t.equal(fresh.statusCode, 200, 'a services message drops it')
  const count = (body: string) => (JSON.parse(body) as unknown[]).length
  t.equal(count(fresh.body), count(first.body) + 1, 'read again, with the new service')
})
