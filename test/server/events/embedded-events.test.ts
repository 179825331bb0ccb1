import t from 'tap'
import { buildServer } from '../../../server/server.ts'
import { tempDir, testConfig } from '../../helper.ts'
import { actor } from '../../requests.ts'
import { openEvents } from '../../event-client.ts'

t.test('with the embedded database (the default), events travel in-process', async (t) => {
  const dataDir = tempDir(t)
  const app = buildServer(testConfig(t, { DATA_DIR: dataDir, DATABASE_URL: undefined }))
  t.teardown(() => app.close())
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.equal(app.db.mode, 'embedded')
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

  const owner = await actor(app, dataDir, 'Embedded Owner')
  const neighbour = await actor(app, dataDir, 'Embedded Near')
  const events = await openEvents(base, neighbour.user.token)
  t.teardown(() => events.close())
  const created = await owner.create()
  const event = await events.next((e) => e.type === 'request.upserted')
  t.equal(event.request?.request_id, created.body.request_id)
  t.equal(event.request?.isOwnRequest, false, 'shaped for the recipient')
})
