import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

t.test('help request lifecycle', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })

  t.test('create: the SPEC shape, for its owner and for others', async (t) => {
    const owner = await signedIn(app, 'Owner One')
    const other = await signedIn(app, 'Other One')
    // As the app does right after signing in: phone reach starts with the first location report (docs/security.md).
    await other.send('PUT', '/api/user/location', { latitude: 60.17, longitude: 24.94 })
    const created = await owner.create({ category: 'food_and_hydration', description: 'Out of water, km 42!' })
    t.equal(created.status, 201)
    t.match(created.body, {
      category: 'food_and_hydration',
      status: 'new',
      description: 'Out of water, km 42!',
      user_name: 'Owner One',
      phone: owner.user.user.phone,
      latitude: 60.1699,
      longitude: 24.9384,
      isApproximate: false,
      is_test: false,
      views: 0,
      responder_id: null,
      responder_user_name: null,
      responder_phone: null,
      isOwnRequest: true,
      got_help: null,
    })
    t.match(created.body.created_at, /^\d{4}-\d\d-\d\dT/)
    const seen = await other.get(`/api/requests/${created.body.request_id}`)
    t.equal(seen.status, 200)
    t.equal(seen.body.isOwnRequest, false)
    t.equal(seen.body.views, null, 'view counts are for the owner and admins')
    t.equal(seen.body.phone, owner.user.user.phone, 'the phone is a call link for helpers')
    const list = await other.get('/api/requests')
    t.ok(list.body.some((r) => r.request_id === created.body.request_id))
  })

  t.test('approximate coordinates are rounded before they are stored', async (t) => {
    const owner = await signedIn(app, 'Approximate')
    const created = await owner.create({ latitude: 60.123456, longitude: 24.987654, isApproximate: 1 })
    t.match(created.body, { latitude: 60.12, longitude: 24.99, isApproximate: true })
    const [row] = await app.sql<{ latitude: number; longitude: number }[]>`
      select latitude, longitude from requests where request_id = ${created.body.request_id}`
    t.same(row, { latitude: 60.12, longitude: 24.99 }, 'the exact point never reached the database')
    const noLocation = await owner.create({
      latitude: null,
      longitude: null,
      isApproximate: 0,
      description: 'Somewhere',
    })
    t.equal(noLocation.status, 201)
    t.match(noLocation.body, { latitude: null, longitude: null })
  })

  t.test('create: each rule and message', async (t) => {
    const owner = await signedIn(app, 'Validator')
    const cases: Array<[string, object, number, string]> = [
      ['unknown category', { category: 'unicorn' }, 400, 'Invalid category'],
      ['empty description', { description: '   ' }, 400, 'Description must be 1-500 characters'],
      ['long description', { description: 'a'.repeat(501) }, 400, 'Description must be 1-500 characters'],
      ['bad characters', { description: 'Help <script>' }, 400, 'Contains invalid characters'],
      ['half a location', { latitude: 60, longitude: null }, 400, 'Invalid location'],
      ['test request by a non-admin', { isTest: 1 }, 403, 'Only an admin can create test requests.'],
    ]
    for (const [name, fields, status, message] of cases) {
      const response = await owner.create(fields)
      t.equal(response.status, status, name)
      t.equal(response.body.message, message, name)
    }
    t.equal(
      (await owner.send('POST', '/api/requests', { category: 'other', description: 'x' })).body.message,
      'Please fill in all fields',
    )
    t.equal((await owner.create({ description: 'a'.repeat(500) })).status, 201, '500 characters is fine')
    t.equal((await owner.create({ description: 'Ääkköset ja åäö: OK? Kyllä!\nToinen rivi.' })).status, 201)
    const [count] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from requests r join users u on u.user_id = r.owner_id where u.user_name = 'Validator'`
    t.equal(count!.n, 2, 'refused requests left nothing behind')
  })

  t.test('limits: 2 active at once, 5 created a day with deleted ones counted', async (t) => {
    const owner = await signedIn(app, 'Busy Bee')
    const first = await owner.create()
    const second = await owner.create()
    const third = await owner.create()
    t.equal(third.status, 409)
    t.same(third.body, { message: 'You have reached the limit of 2 active requests.' })
    t.equal((await owner.send('DELETE', `/api/requests/${first.body.request_id}`)).status, 204)
    t.equal((await owner.send('PUT', `/api/requests/${second.body.request_id}/setready`, { gotHelp: 0 })).status, 200)
    // Created so far today: 2. Three more, deleting each, reach 5.
    for (let created = 3; created <= 5; created++) {
      const next = await owner.create()
      t.equal(next.status, 201, `request ${created} of the day`)
      await owner.send('DELETE', `/api/requests/${next.body.request_id}`)
    }
    const sixth = await owner.create()
    t.equal(sixth.status, 429, 'the sixth of the day is refused though none is active')
    t.same(sixth.body, { message: 'You have reached the daily request limit.' })
    await app.sql`update requests set created_at = created_at - interval '1 day' where owner_id = ${owner.user.user.user_id}`
    t.equal((await owner.create()).status, 201, 'a new Helsinki day, a new allowance')
  })

  t.test('take over, release, remove, never again, ready', async (t) => {
    const a = await signedIn(app, 'Asker')
    const b = await signedIn(app, 'Helper B')
    const c = await signedIn(app, 'Helper C')
    const id = (await a.create()).body.request_id
    const url = (suffix = '') => `/api/requests/${id}${suffix}`

    const own = await a.send('PUT', url('/addresponder'))
    t.equal(own.status, 403)
    t.same(own.body, { message: 'You cannot respond to your own request.' })

    const taken = await b.send('PUT', url('/addresponder'))
    t.equal(taken.status, 200)
    t.match(taken.body, {
      status: 'in progress',
      responder_id: b.user.user.user_id,
      responder_user_name: 'Helper B',
      responder_phone: b.user.user.phone,
    })
    t.match(
      (await a.get(url())).body,
      { status: 'in progress', responder_phone: b.user.user.phone },
      'the owner sees who helps',
    )
    t.equal((await c.get(url())).body.responder_phone, null, "a bystander does not get the helper's phone")
    t.same((await c.send('PUT', url('/addresponder'))).body, { message: 'This request already has a responder.' })
    t.equal((await c.send('PUT', url('/addresponder'))).status, 409)

    t.equal(
      (await c.send('PUT', url('/removeresponder'), { removedBy: 'responder' })).status,
      403,
      'only the helper releases',
    )
    t.equal(
      (await c.send('PUT', url('/removeresponder'), { removedBy: 'owner' })).status,
      403,
      'only the owner removes',
    )
    const released = await b.send('PUT', url('/removeresponder'), { removedBy: 'responder' })
    t.match(released.body, { status: 'new', responder_id: null })
    const again = await b.send('PUT', url('/addresponder'))
    t.equal(again.status, 409)
    t.same(again.body, { message: 'You have already responded to this request.' })

    t.equal((await c.send('PUT', url('/addresponder'))).status, 200)
    const removed = await a.send('PUT', url('/removeresponder'), { removedBy: 'owner' })
    t.match(removed.body, { status: 'new', responder_id: null })
    t.same(
      (await c.send('PUT', url('/addresponder'))).body,
      { message: 'You have already responded to this request.' },
      'removal is irreversible',
    )
    t.same((await a.send('PUT', url('/removeresponder'), { removedBy: 'owner' })).body, {
      message: 'This request has no responder.',
    })

    const outcomes = await app.sql<{ responder_id: number; outcome: string }[]>`
      select responder_id, outcome from request_responses where request_id = ${id} order by started_at`
    t.same(
      outcomes.map((o) => o.outcome),
      ['released', 'removed'],
      'the history says how each response ended',
    )

    const d = await signedIn(app, 'Helper D')
    await d.send('PUT', url('/addresponder'))
    t.equal((await d.send('PUT', url('/setready'), { gotHelp: 1 })).status, 403, 'the helper cannot mark it ready')
    const ready = await a.send('PUT', url('/setready'), { gotHelp: 1 })
    t.equal(ready.status, 200)
    t.match(ready.body, {
      status: 'completed',
      got_help: true,
      phone: null,
      responder_id: null,
      responder_user_name: null,
      responder_phone: null,
    })
    t.match((await d.get(url())).body, { status: 'completed', phone: null, responder_phone: null })
    const [history] = await app.sql<{ outcome: string }[]>`
      select outcome from request_responses where request_id = ${id} and responder_id = ${d.user.user.user_id}`
    t.equal(history!.outcome, 'completed')

    t.same((await a.send('PUT', url(), { description: 'Changed' })).body, {
      message: 'This request is already completed.',
    })
    t.equal((await a.send('PUT', url('/location'), { latitude: 60, longitude: 25, isApproximate: 0 })).status, 409)
    t.equal((await a.send('PUT', url('/setready'), { gotHelp: 0 })).status, 409)
    t.equal((await c.send('PUT', url('/addresponder'))).status, 409)
    t.equal((await a.send('DELETE', url())).status, 204, 'the owner may still delete it')
    t.equal((await a.get(url())).status, 404)
  })

  t.test('at most 2 running responses per user', async (t) => {
    const helper = await signedIn(app, 'Eager')
    const ids: number[] = []
    for (const name of ['Need 1', 'Need 2', 'Need 3'])
      ids.push((await (await signedIn(app, name)).create()).body.request_id)
    t.equal((await helper.send('PUT', `/api/requests/${ids[0]}/addresponder`)).status, 200)
    t.equal((await helper.send('PUT', `/api/requests/${ids[1]}/addresponder`)).status, 200)
    const third = await helper.send('PUT', `/api/requests/${ids[2]}/addresponder`)
    t.equal(third.status, 409)
    t.same(third.body, { message: 'You have reached the limit of 2 active responses.' })
    await helper.send('PUT', `/api/requests/${ids[0]}/removeresponder`, { removedBy: 'responder' })
    t.equal((await helper.send('PUT', `/api/requests/${ids[2]}/addresponder`)).status, 200, 'a release frees a slot')
  })

  t.test('edit description and location: owner only, validated, approximate rounded', async (t) => {
    const owner = await signedIn(app, 'Editor')
    const other = await signedIn(app, 'Meddler')
    const id = (await owner.create()).body.request_id
    const edited = await owner.send('PUT', `/api/requests/${id}`, { description: 'Now also hungry' })
    t.equal(edited.body.description, 'Now also hungry')
    t.same((await owner.send('PUT', `/api/requests/${id}`, { description: '' })).body, {
      message: 'Description must be 1-500 characters',
    })
    t.equal((await other.send('PUT', `/api/requests/${id}`, { description: 'Hacked' })).status, 403)
    const moved = await owner.send('PUT', `/api/requests/${id}/location`, {
      latitude: 61.49801,
      longitude: 23.76099,
      isApproximate: 1,
    })
    t.match(moved.body, { latitude: 61.5, longitude: 23.76, isApproximate: true })
    t.equal(
      (await other.send('PUT', `/api/requests/${id}/location`, { latitude: 1, longitude: 1, isApproximate: 0 })).status,
      403,
    )
    t.equal((await owner.get(`/api/requests/${id}`)).body.description, 'Now also hungry', 'the meddler changed nothing')
  })

  t.test('views count unique non-owners', async (t) => {
    const owner = await signedIn(app, 'Watched')
    const id = (await owner.create()).body.request_id
    await owner.send('PUT', `/api/requests/${id}/add-view`)
    const viewers = [await signedIn(app, 'Viewer 1'), await signedIn(app, 'Viewer 2')]
    for (const viewer of viewers) {
      await viewer.send('PUT', `/api/requests/${id}/add-view`)
      await viewer.send('PUT', `/api/requests/${id}/add-view`)
    }
    t.equal((await owner.get(`/api/requests/${id}`)).body.views, 2)
  })

  t.test('bad ids are 400 or 404, never 500', async (t) => {
    const someone = await signedIn(app, 'Prober')
    t.equal((await someone.get('/api/requests/abc')).status, 400)
    t.equal((await someone.get('/api/requests/99999999999')).status, 400)
    t.equal((await someone.get('/api/requests/123456')).status, 404)
    t.same((await someone.get('/api/requests/123456')).body, { message: 'Request not found' })
    t.equal((await app.inject({ url: '/api/requests' })).statusCode, 401, 'requests need a login')
  })
})
