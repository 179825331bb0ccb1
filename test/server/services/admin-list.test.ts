import t from 'tap'
import { bearer } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

t.test("GET /api/admin/services: the admin's list, with the import id the public list leaves out", async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, SAMPLE_SERVICES: false })
  const admin = await signedIn(app, 'Admin', true)
  const user = await signedIn(app, 'Not an admin')
  const body = {
    external_id: 'imp-7',
    category: 'venue',
    latitude: 62.24,
    longitude: 25.75,
    localizations: [{ language: 'sv', name: 'Cykelhallen' }],
  }
  const imported = await admin.send<{ service_id: number }>('POST', '/api/services', body)
  const byHand = await admin.send<{ service_id: number }>('POST', '/api/services', { ...body, external_id: null })

  const list = await app.inject({ url: '/api/admin/services', headers: bearer(admin.user.token) })
  t.equal(list.statusCode, 200)
  t.equal(list.headers['cache-control'], 'no-store')
  t.same(list.json(), [
    {
      service_id: imported.body.service_id,
      category: 'venue',
      latitude: 62.24,
      longitude: 25.75,
      logo_url: null,
      address: null,
      phone: null,
      certified: false,
      opening_hours: null,
      external_id: 'imp-7',
      localizations: [{ language: 'sv', name: 'Cykelhallen', description: null, url: null }],
    },
    {
      service_id: byHand.body.service_id,
      category: 'venue',
      latitude: 62.24,
      longitude: 25.75,
      logo_url: null,
      address: null,
      phone: null,
      certified: false,
      opening_hours: null,
      external_id: null,
      localizations: [{ language: 'sv', name: 'Cykelhallen', description: null, url: null }],
    },
  ])
  const publicList = (await app.inject({ url: '/api/services' })).json<object[]>()
  t.notOk(
    publicList.some((service) => 'external_id' in service),
    'the public list still has no import ids',
  )

  const clash = await admin.send('POST', '/api/services', { ...body, category: 'shop' })
  t.equal(clash.status, 409, "adding a service with another's external id is a conflict")
  t.same(clash.body, { message: 'Another service has this external_id' })
  const [kept] = await app.sql<{ category: string }[]>`select category from services where external_id = 'imp-7'`
  t.equal(kept!.category, 'venue', 'the other service is not overwritten')

  t.equal((await app.inject({ url: '/api/admin/services' })).statusCode, 401, 'no token')
  t.equal(
    (await app.inject({ url: '/api/admin/services', headers: bearer(user.user.token) })).statusCode,
    403,
    'not an admin',
  )
})
