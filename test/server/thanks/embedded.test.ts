import t from 'tap'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { listenEmbedded } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

/** The embedded database (one connection, no NOTIFY between connections): a thank-you travels in-process. */
t.test('thanks with the embedded database', async (t) => {
  const { app, base } = await listenEmbedded(t)

  const owner = await signedIn(app, 'Embedded Owner')
  const helper = await signedIn(app, 'Embedded Helper')
  const events = await openEvents(base, helper.user.token)
  t.teardown(() => events.close())
  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)

  t.equal((await owner.send('POST', `/api/requests/${id}/thanks`, { text: 'Kiitos tosi paljon!' })).status, 201)
  const event = (await events.next((e) => e.type === 'thanks.received')) as ServerEvent & { thanks?: object }
  t.match(event.thanks, { request_id: id, owner_name: 'Embedded Owner', text: 'Kiitos tosi paljon!' })
  t.match((await helper.get(`/api/requests/${id}/thanks`)).body, { thanks: { text: 'Kiitos tosi paljon!' } })
  t.same((await helper.get('/api/user/helped')).body, { helped: 1 })
})
