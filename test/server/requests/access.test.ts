import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer } from '../../accounts.ts'
import { type Json } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

t.test('who may see and change what', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, REQUEST_HISTORY_DAYS: 7 })
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const stranger = await signedIn(app, 'Stranger')
  const admin = await signedIn(app, 'Admin')
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`

  t.test('a stranger changes nothing through any id-bearing route', async (t) => {
    const id = (await owner.create()).body.request_id
    await helper.send('PUT', `/api/requests/${id}/addresponder`)
    const before = await app.sql`select * from requests where request_id = ${id}`
    const attempts: Array<[string, 'PUT' | 'DELETE', string, object | undefined]> = [
      ['edit', 'PUT', '', { description: 'Mine now' }],
      ['location', 'PUT', '/location', { latitude: 1, longitude: 1, isApproximate: 0 }],
      ['remove as owner', 'PUT', '/removeresponder', { removedBy: 'owner' }],
      ['release as helper', 'PUT', '/removeresponder', { removedBy: 'responder' }],
      ['ready', 'PUT', '/setready', { gotHelp: 0 }],
      ['delete', 'DELETE', '', undefined],
    ]
    for (const [name, method, suffix, payload] of attempts) {
      const response = await stranger.send(method, `/api/requests/${id}${suffix}`, payload)
      t.equal(response.status, 403, name)
      t.type(response.body.message, 'string', `${name} says why`)
    }
    t.equal((await stranger.send('PUT', `/api/requests/${id}/addresponder`)).status, 409, 'it already has a helper')
    const after = await app.sql`select * from requests where request_id = ${id}`
    t.same(after, before, 'the row is exactly as it was')
    t.equal(
      (await helper.send('PUT', `/api/requests/${id}`, { description: 'Helper edit' })).status,
      403,
      'nor may the helper edit',
    )
    t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204)
  })

  t.test('an admin may mark ready and delete any request, but not edit it', async (t) => {
    const first = (await owner.create()).body.request_id
    const second = (await owner.create()).body.request_id
    t.equal((await admin.send('PUT', `/api/requests/${first}/setready`, { gotHelp: 1 })).status, 200)
    t.equal((await admin.send('DELETE', `/api/requests/${second}`)).status, 204)
    t.equal((await owner.get(`/api/requests/${second}`)).status, 404, 'gone for the owner too')
    const third = (await owner.create()).body.request_id
    t.equal((await admin.send('PUT', `/api/requests/${third}`, { description: 'Admin edit' })).status, 403)
    await owner.send('DELETE', `/api/requests/${third}`)
  })

  t.test('test requests exist only for admins', async (t) => {
    const created = await admin.create({ isTest: 1, description: 'Testipyyntö' })
    t.equal(created.status, 201)
    t.equal(created.body.is_test, true)
    const id = created.body.request_id
    t.equal((await stranger.get(`/api/requests/${id}`)).status, 404, 'not in detail')
    t.notOk(
      (await stranger.get('/api/requests')).body.some((r: Json) => r.request_id === id),
      'not in the list',
    )
    t.equal((await stranger.send('PUT', `/api/requests/${id}/addresponder`)).status, 404, 'not to take over')
    t.equal((await stranger.send('PUT', `/api/requests/${id}/add-view`)).status, 404, 'not to view')
    t.ok((await helper.get('/api/requests')).body.every((r: Json) => r.is_test === false))
    const adminSees = await admin.get('/api/requests')
    t.ok(adminSees.body.some((r: Json) => r.request_id === id))
    t.equal((await admin.get(`/api/requests/${id}`)).body.views, 0, 'admins see view counts')
    await admin.send('DELETE', `/api/requests/${id}`)
  })

  t.test('the list keeps completed requests for REQUEST_HISTORY_DAYS', async (t) => {
    const viewer = await signedIn(app, 'Historian')
    const poster = await signedIn(app, 'Poster')
    const recent = (await poster.create()).body.request_id
    const old = (await poster.create()).body.request_id
    await poster.send('PUT', `/api/requests/${recent}/setready`, { gotHelp: 1 })
    await poster.send('PUT', `/api/requests/${old}/setready`, { gotHelp: 0 })
    await app.sql`update requests set completed_at = now() - interval '8 days' where request_id = ${old}`
    const ids = (await viewer.get('/api/requests')).body.map((r: Json) => r.request_id)
    t.ok(ids.includes(recent))
    t.notOk(ids.includes(old), 'older history drops out of the list')
    t.equal((await viewer.get(`/api/requests/${old}`)).status, 200, 'but stays readable by id')
  })

  t.test('deleting an account removes its requests and frees the ones it was helping with', async (t) => {
    const leaver = await signedIn(app, 'Leaver')
    const stayer = await signedIn(app, 'Stayer')
    const leaversRequest = (await leaver.create()).body.request_id
    const helped = (await stayer.create()).body.request_id
    await leaver.send('PUT', `/api/requests/${helped}/addresponder`)
    await stayer.send('PUT', `/api/requests/${leaversRequest}/addresponder`)
    const deleted = await app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(leaver.user.token) })
    t.equal(deleted.statusCode, 204)
    t.match((await stayer.get(`/api/requests/${helped}`)).body, { status: 'new', responder_id: null })
    const [gone] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from requests where request_id = ${leaversRequest}`
    t.equal(gone!.n, 0, "the leaver's own request is gone, not only hidden")
    t.equal((await stayer.send('PUT', `/api/requests/${helped}/setready`, { gotHelp: 0 })).status, 200)
  })
})
