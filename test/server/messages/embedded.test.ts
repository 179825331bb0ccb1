import t from 'tap'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { listenEmbedded } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

/** The embedded database (one connection, no NOTIFY between connections): messages travel in-process. */
t.test('messages with the embedded database', async (t) => {
  const { app, base } = await listenEmbedded(t)

  const owner = await signedIn(app, 'Embedded Owner')
  const helper = await signedIn(app, 'Embedded Helper')
  const events = await openEvents(base, owner.user.token)
  t.teardown(() => events.close())
  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

  const sent = await helper.send<{ message_id: string }>('POST', `/api/requests/${id}/messages`, { text: 'On my way' })
  t.equal(sent.status, 201)
  const event = (await events.next((e) => e.type === 'message.created')) as ServerEvent & { message?: object }
  t.match(event.message, { text: 'On my way', message_id: sent.body.message_id })
  t.match((await owner.get(`/api/requests/${id}/messages`)).body, { messages: [{ text: 'On my way' }] })
  t.equal(
    (await owner.send('PUT', `/api/requests/${id}/messages/read`, { lastReadId: sent.body.message_id })).status,
    204,
  )
  t.same((await owner.get('/api/messages/unread')).body, [])
  t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204)
  const [left] = await app.sql<{ n: number }[]>`select count(*)::int as n from request_messages`
  t.equal(left!.n, 0, 'deleted with the request')
})
