import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { twoInstances } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
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

/**
 * docs/admin.md, "Moderation": the queue is live on the dashboard. A report filed on one instance, and a decision on
 * it, tell every admin's open app on another instance (`reports.changed`, no content), and no one else: not the
 * reporter, not the reported user, not a bystander who sees the request.
 */
t.test('a report and its decision reach the admins on another instance, and only them', async (t) => {
  const { a, b } = await twoInstances(t)
  const baseB = await listen(b)
  const [owner, helper, stranger, admin, otherAdmin] = await Promise.all([
    signedIn(a, 'Owner'),
    signedIn(a, 'Helper'),
    signedIn(a, 'Stranger'),
    signedIn(a, 'Admin', true),
    signedIn(a, 'Admin Two', true),
  ])
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const [ownerEvents, helperEvents, strangerEvents, adminEvents] = await Promise.all(
    [owner, helper, stranger, otherAdmin].map((who) => openEvents(baseB, who.user.token)),
  )
  sockets.push(ownerEvents!, helperEvents!, strangerEvents!, adminEvents!)
  const isReports = (event: { type: string }) => event.type === 'reports.changed'

  const id = (await owner.create()).body.request_id
  await helper.send('PUT', `/api/requests/${id}/addresponder`)
  const filed = await owner.send<{ report_id: number }>('POST', `/api/requests/${id}/reports`, {
    about: 'responder',
    reason: 'no_show',
  })
  t.equal(filed.status, 201)
  t.same(await adminEvents!.next(isReports), { type: 'reports.changed' }, 'a new report: the admins hear of it')
  const decided = await admin.send('POST', `/api/admin/reports/${filed.body.report_id}/decision`, {
    action: 'dismiss',
    reason: 'They came later.',
  })
  t.equal(decided.status, 200)
  t.same(await adminEvents!.next(isReports), { type: 'reports.changed' }, 'decided: the other admin hears of it')

  // One change that all three hear of, after both: whoever was told would have been told before it.
  let marker: number | undefined
  const markerEvent = async () => {
    marker ??= (await stranger.create({ description: 'Marker' })).body.request_id
    return (event: ServerEvent) => event.type === 'request.upserted' && event.request?.request_id === marker
  }
  for (const [name, events] of [
    ['the reporter', ownerEvents!],
    ['the reported user', helperEvents!],
    ['a bystander', strangerEvents!],
  ] as const) {
    t.notOk(await receivedBeforeMarker(events, isReports, markerEvent), `${name} is not told`)
  }
})
