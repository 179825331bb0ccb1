import t from 'tap'
import { buildServer } from '../../../server/server.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { tempDir, testConfig } from '../../helper.ts'
import { actor } from '../../requests.ts'

type PositionEvent = ServerEvent & { position?: { latitude: number } | null }

/** The embedded database (no NOTIFY between connections): positions travel in-process, and go with the response. */
t.test('the helper position with the embedded database', async (t) => {
  const dataDir = tempDir(t)
  const app = buildServer(testConfig(t, { DATA_DIR: dataDir, DATABASE_URL: undefined }))
  t.teardown(() => app.close())
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.equal(app.db.mode, 'embedded')
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const owner = await actor(app, dataDir, 'Embedded Owner')
  const helper = await actor(app, dataDir, 'Embedded Helper')
  const events = await openEvents(base, owner.user.token)
  t.teardown(() => events.close())
  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

  const url = `/api/requests/${id}/responder-position`
  t.equal((await helper.send('PUT', url, { latitude: 60.2, longitude: 24.9 })).status, 200)
  const shared = (await events.next((e) => e.type === 'responder.position')) as PositionEvent
  t.match(shared, { request_id: id, position: { latitude: 60.2 } })
  t.equal((await helper.send('PUT', url, { latitude: 60.3, longitude: 24.9 })).status, 429, 'the limit holds here too')
  t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
  await events.next((e: PositionEvent) => e.type === 'responder.position' && e.position === null)
  const [left] = await app.sql<{ n: number }[]>`select count(*)::int as n from responder_positions`
  t.equal(left!.n, 0, 'erased with the response')
})
