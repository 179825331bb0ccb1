import t from 'tap'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { listenEmbedded } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

type PositionEvent = ServerEvent & { position?: { latitude: number } | null }

/** The embedded database (no NOTIFY between connections): positions travel in-process, and go with the response. */
t.test('the helper position with the embedded database', async (t) => {
  const { app, base } = await listenEmbedded(t)

  const owner = await signedIn(app, 'Embedded Owner')
  const helper = await signedIn(app, 'Embedded Helper')
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
