import t from 'tap'
import { goldenSqlApp } from '../golden-sql.ts'
import { away, HELSINKI, placeUser } from '../push-helpers.ts'
import type { Actor } from '../requests.ts'
import { signedIn } from '../signed-in.ts'

/**
 * The SQL of each change of a request (docs/architecture.md, "Each change's SQL, in one place"), made once through
 * the API in the order of a request's life; test/golden-sql.ts records and compares it. The other changes:
 * golden-sql-keyed.test.ts (sent with an idempotency key), golden-sql-accounts.test.ts and golden-sql-admin.test.ts.
 */

t.test('the SQL of each change matches its golden copy', async (t) => {
  const { app, record, compare } = await goldenSqlApp(t, { ALERT_FIRST_WAVE: 1, ALERT_MAX_RECIPIENTS: 50 })
  const origin = 'https://push.example'
  // Alerted helpers nearby, so that a take-over, a completion and a deletion have someone to stand down and an
  // alert-more has someone left to alert.
  for (let km = 1; km <= 3; km++) await placeUser(app.sql, origin, { at: away(HELSINKI, km, 90), radius: 20 })
  const owner = await signedIn(app, 'Owner')
  const viewer = await signedIn(app, 'Viewer')
  const [aino, bertta, cecilia] = [
    await signedIn(app, 'Aino'),
    await signedIn(app, 'Bertta'),
    await signedIn(app, 'Cecilia'),
  ] as [Actor, Actor, Actor]

  const created = await record('create', 'POST /api/requests', 201, () => owner.create())
  const id = created.body.request_id
  const url = `/api/requests/${id}`
  await record('add-view', 'PUT /api/requests/:id/add-view', 200, () => viewer.send('PUT', `${url}/add-view`))
  // Near the request, for the phone reach (a location report; the registration's place does not count for it).
  t.equal((await viewer.send('PUT', '/api/user/location', away(HELSINKI, 1, 0))).status, 200)
  await record('open', 'GET /api/requests/:id (nearby: a reveal of the owner’s number)', 200, () => viewer.get(url))
  // As if the latest wave had gone out long ago: alert-more is refused within minutes of it.
  await app.sql`update push_waves set last_wave_at = now() - interval '1 hour' where request_id = ${id}`
  await record('alert-more', 'POST /api/requests/:id/alert-more', 202, () => owner.send('POST', `${url}/alert-more`))
  await record('take-over', 'PUT /api/requests/:id/addresponder', 200, () => aino.send('PUT', `${url}/addresponder`))
  const sent = await record('message', 'POST /api/requests/:id/messages', 201, () =>
    aino.send<{ message_id: string }>('POST', `${url}/messages`, { text: 'On my way' }),
  )
  await record('read-messages', 'PUT /api/requests/:id/messages/read', 204, () =>
    owner.send('PUT', `${url}/messages/read`, { lastReadId: sent.body.message_id }),
  )
  await record('share-position', 'PUT /api/requests/:id/responder-position', 200, () =>
    aino.send('PUT', `${url}/responder-position`, { latitude: 60.18, longitude: 24.95 }),
  )
  await record('stop-position', 'DELETE /api/requests/:id/responder-position', 204, () =>
    aino.send('DELETE', `${url}/responder-position`),
  )
  await record('share-link', 'POST /api/requests/:id/share', 201, () => owner.send('POST', `${url}/share`))
  await record('revoke-link', 'DELETE /api/requests/:id/share', 204, () => owner.send('DELETE', `${url}/share`))
  await record('edit-description', 'PUT /api/requests/:id', 200, () =>
    owner.send('PUT', url, { description: 'Flat tyre, km 3' }),
  )
  await record('move', 'PUT /api/requests/:id/location', 200, () =>
    owner.send('PUT', `${url}/location`, { latitude: 60.18, longitude: 24.95, isApproximate: 0 }),
  )
  await record('release', 'PUT /api/requests/:id/removeresponder (by the helper)', 200, () =>
    aino.send('PUT', `${url}/removeresponder`, { removedBy: 'responder' }),
  )
  t.equal((await bertta.send('PUT', `${url}/addresponder`)).status, 200)
  await record('remove', 'PUT /api/requests/:id/removeresponder (by the owner)', 200, () =>
    owner.send('PUT', `${url}/removeresponder`, { removedBy: 'owner' }),
  )
  t.equal((await cecilia.send('PUT', `${url}/addresponder`)).status, 200)
  await record('set-ready', 'PUT /api/requests/:id/setready', 200, () =>
    owner.send('PUT', `${url}/setready`, { gotHelp: 1 }),
  )
  await record('thank', 'POST /api/requests/:id/thanks', 201, () =>
    owner.send('POST', `${url}/thanks`, { text: 'Thank you!' }),
  )
  await record('report', 'POST /api/requests/:id/reports', 201, () =>
    owner.send('POST', `${url}/reports`, { about: 'responder', reason: 'no_show' }),
  )
  await record('block', 'POST /api/requests/:id/block', 201, () =>
    owner.send('POST', `${url}/block`, { about: 'responder' }),
  )
  const doomed = (await owner.create({ description: 'Never mind' })).body.request_id
  await record('delete', 'DELETE /api/requests/:id', 204, () => owner.send('DELETE', `/api/requests/${doomed}`))

  compare()
})
