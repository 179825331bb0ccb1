import t from 'tap'
import { listenEmbedded } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

t.test('with the embedded database (the default), events travel in-process', async (t) => {
  const { app, base } = await listenEmbedded(t)

  const owner = await signedIn(app, 'Embedded Owner')
  const neighbour = await signedIn(app, 'Embedded Near')
  const events = await openEvents(base, neighbour.user.token)
  t.teardown(() => events.close())
  const created = await owner.create()
  const event = await events.next((e) => e.type === 'request.upserted')
  t.equal(event.request?.request_id, created.body.request_id)
  t.equal(event.request?.isOwnRequest, false, 'shaped for the recipient')
})
