import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { twoInstances } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * docs/admin.md, "Moderation": a decision made on one instance tells the reporter and a warned user whose app is open
 * on another instance at once (`notices.changed`, no content), and nobody else.
 */
t.test('a notice reaches an open app on another instance, and only its user', async (t) => {
  const { a, b } = await twoInstances(t)
  const baseB = await listen(b)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(a, 'Owner'),
    signedIn(a, 'Helper'),
    signedIn(a, 'Stranger'),
    signedIn(a, 'Admin', true),
  ])
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const [ownerEvents, helperEvents, strangerEvents] = await Promise.all(
    [owner, helper, stranger].map((who) => openEvents(baseB, who.user.token)),
  )
  sockets.push(ownerEvents!, helperEvents!, strangerEvents!)

  const id = (await owner.create()).body.request_id
  await helper.send('PUT', `/api/requests/${id}/addresponder`)
  const { body } = await owner.send<{ report_id: number }>('POST', `/api/requests/${id}/reports`, {
    about: 'responder',
    reason: 'unsafe',
  })
  const decided = await admin.send('POST', `/api/admin/reports/${body.report_id}/decision`, {
    action: 'warn',
    reason: 'Keep to the request.',
  })
  t.equal(decided.status, 200)
  const isNotice = (event: { type: string }) => event.type === 'notices.changed'
  t.same(await ownerEvents!.next(isNotice), { type: 'notices.changed' }, 'the reporter, on the other instance')
  t.same(await helperEvents!.next(isNotice), { type: 'notices.changed' }, 'the warned user')
  t.match((await owner.get('/api/user/notices')).body, [{ kind: 'report_reviewed', action: 'warn' }])

  // The stranger heard nothing of it: a change they do hear of comes after, on the same socket.
  const heard = await receivedBeforeMarker(strangerEvents!, isNotice, async () => {
    const marker = (await stranger.create({ description: 'Marker' })).body.request_id
    return (event) => event.type === 'request.upserted' && event.request?.request_id === marker
  })
  t.notOk(heard, 'nobody else is told')
})
