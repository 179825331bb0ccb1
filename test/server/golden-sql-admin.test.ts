import t from 'tap'
import { goldenSqlApp } from '../golden-sql.ts'
import type { Actor, Json } from '../requests.ts'
import { signedIn } from '../signed-in.ts'
import { SERVICE_BODY } from '../services.ts'

/**
 * The SQL of each change an admin makes (docs/admin.md): the decisions on reports (dismiss, warn, suspend, ban), a
 * suspension lifted, the admin role, a look at a number, the service map's entries; and the notice of a decision
 * acknowledged by the user it tells. How the statements are recorded and compared: test/golden-sql.ts.
 */

t.test('the SQL of each admin change matches its golden copy', async (t) => {
  const { app, record, compare } = await goldenSqlApp(t)
  const admin = await signedIn(app, 'Admin', true)
  const [owner, helper, other] = [
    await signedIn(app, 'Owner'),
    await signedIn(app, 'Helper'),
    await signedIn(app, 'Other'),
  ]
  const taken = async () => {
    const id = (await owner.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    return id
  }
  const [first, second] = [await taken(), await taken()]
  /** One report per reporter, person and request: each decision below has its own. */
  const report = async (who: Actor, id: number, about: string) => {
    const answer = await who.send<{ report_id: number }>('POST', `/api/requests/${id}/reports`, {
      about,
      reason: 'harassment',
    })
    t.equal(answer.status, 201)
    return answer.body.report_id
  }
  const decide = (reportId: number, body: object) =>
    admin.send<Json>('POST', `/api/admin/reports/${reportId}/decision`, body)
  const helperId = helper.user.user.user_id

  const dismissed = await report(owner, first, 'responder')
  const warned = await report(owner, second, 'responder')
  const suspended = await report(helper, first, 'owner')
  const banned = await report(other, first, 'owner')
  await record('decision-dismiss', 'POST /api/admin/reports/:id/decision (dismiss)', 200, () =>
    decide(dismissed, { action: 'dismiss', reason: 'Nothing against the rules.' }),
  )
  await record('decision-warn', 'POST /api/admin/reports/:id/decision (warn)', 200, () =>
    decide(warned, { action: 'warn', reason: 'Keep the conversation civil.' }),
  )
  const notices = (await helper.get('/api/user/notices')).body as unknown as Array<{ notice_id: number }>
  await record('notice-seen', 'POST /api/user/notices/:id/seen', 204, () =>
    helper.send('POST', `/api/user/notices/${notices[0]!.notice_id}/seen`),
  )
  await record('decision-suspend', 'POST /api/admin/reports/:id/decision (suspend)', 200, () =>
    decide(suspended, { action: 'suspend', reason: 'A threatening message.', days: 7 }),
  )
  await record('lift-suspension', 'DELETE /api/admin/users/:id/suspension', 204, () =>
    admin.send('DELETE', `/api/admin/users/${owner.user.user.user_id}/suspension`),
  )
  await record('decision-ban', 'POST /api/admin/reports/:id/decision (ban)', 200, () =>
    decide(banned, { action: 'ban', reason: 'Repeated threats.' }),
  )
  await record('phone-view', 'POST /api/admin/users/:id/phone-view', 200, () =>
    admin.send('POST', `/api/admin/users/${helperId}/phone-view`),
  )
  await record('set-admin', 'PUT /api/admin/users/:id/admin', 200, () =>
    admin.send('PUT', `/api/admin/users/${other.user.user.user_id}/admin`, { is_admin: true }),
  )

  const added = await record('service-add', 'POST /api/services', 201, () =>
    admin.send<{ service_id: number }>('POST', '/api/services', SERVICE_BODY),
  )
  const serviceUrl = `/api/services/${added.body.service_id}`
  await record('service-replace', 'PUT /api/services/:id', 200, () =>
    admin.send('PUT', serviceUrl, { ...SERVICE_BODY, address: 'Hämeenkatu 2, Tampere' }),
  )
  await record('service-delete', 'DELETE /api/services/:id', 204, () => admin.send('DELETE', serviceUrl))

  compare()
})
