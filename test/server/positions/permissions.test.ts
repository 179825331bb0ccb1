import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

const HERE = { latitude: 60.1699, longitude: 24.9384 }

/**
 * The permission matrix for the helper's shared position (docs/product.md#on-my-way): owner, helper, former
 * helper, stranger, admin.
 */
t.test('who may share and read the helper position', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, second, stranger, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Second'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
  ])
  const url = (id: number) => `/api/requests/${id}/responder-position`
  const share = (who: Actor, id: number, at = HERE) => who.send('PUT', url(id), at)
  const stop = (who: Actor, id: number) => who.send('DELETE', url(id))
  /** GET answers 204 without a body when nothing is shared, which Actor.get cannot parse. */
  const read = async (who: Actor, id: number) => {
    const response = await app.inject({ url: url(id), headers: { authorization: `Bearer ${who.user.token}` } })
    return { status: response.statusCode, body: response.body ? response.json<Record<string, unknown>>() : null }
  }
  /** The 5 s limit is not what these tests are about: the stored update is made old enough. */
  const age = async (id: number) =>
    app.sql`update responder_positions set shared_at = now() - interval '6 seconds' where request_id = ${id}`

  const id = (await owner.create()).body.request_id

  t.test('a new request: nothing to read, nobody may share', async (t) => {
    t.equal((await read(owner, id)).status, 204)
    for (const who of [owner, helper, stranger, admin])
      t.match(await share(who, id), {
        status: 403,
        body: { message: 'Only the current helper can share their location.' },
      })
    t.equal((await read(stranger, id)).status, 403)
    t.equal((await read(admin, id)).status, 403, 'not admins: a live location is for the owner')
  })

  t.test('in progress: the helper shares, the owner and the helper read, nobody else', async (t) => {
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await read(owner, id)).status, 204, 'taken over, not shared yet')
    const shared = await share(helper, id)
    t.equal(shared.status, 200)
    t.match(shared.body, { ...HERE, at: /^\d{4}-/ })
    for (const who of [owner, helper]) t.match(await read(who, id), { status: 200, body: HERE })
    t.match(await read(stranger, id), {
      status: 403,
      body: { message: "Only the owner and the helper can see the helper's location." },
    })
    t.equal((await read(admin, id)).status, 403)
    for (const who of [owner, stranger, admin]) t.equal((await share(who, id)).status, 403)
    for (const who of [owner, stranger, admin]) t.equal((await stop(who, id)).status, 403)
  })

  t.test('bad coordinates are a 400 with a message, never stored', async (t) => {
    await age(id)
    const refusals: object[] = [
      { latitude: 91, longitude: 24 },
      { latitude: 60, longitude: -181 },
      { latitude: 60 },
      { latitude: '60', longitude: 'x' },
      {},
    ]
    for (const body of refusals) {
      const answer = await helper.send('PUT', url(id), body)
      t.equal(answer.status, 400, JSON.stringify(body))
      t.type(answer.body.message, 'string')
    }
    t.match(await share(helper, id, { latitude: 91, longitude: 24 }), {
      body: { message: 'Invalid location' },
    })
    t.match(await read(owner, id), { status: 200, body: HERE }, 'the last good one stays')
  })

  t.test('stopping: the position is gone, the owner reads nothing', async (t) => {
    t.equal((await stop(helper, id)).status, 204)
    t.equal((await read(owner, id)).status, 204)
    t.equal((await stop(helper, id)).status, 204, 'stopping twice is fine')
    const [row] = await app.sql`select latitude, longitude from responder_positions where request_id = ${id}`
    t.same({ ...row }, { latitude: null, longitude: null }, 'no coordinates kept')
  })

  t.test('released: the former helper may neither share nor read; a new helper starts afresh', async (t) => {
    await age(id)
    t.equal((await share(helper, id)).status, 200)
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    t.equal((await share(helper, id)).status, 403)
    t.equal((await read(helper, id)).status, 403)
    t.equal((await stop(helper, id)).status, 403)
    t.equal((await read(owner, id)).status, 204)
    t.equal((await second.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await read(second, id)).status, 204, "not the earlier helper's position")
    t.equal((await share(second, id, { latitude: 60.2, longitude: 24.9 })).status, 200)
    t.match(await read(owner, id), { status: 200, body: { latitude: 60.2, longitude: 24.9 } })
    t.equal((await read(helper, id)).status, 403, 'the former helper still reads nothing')
  })

  t.test('completed: nobody shares or reads a position any more', async (t) => {
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
    t.equal((await read(owner, id)).status, 204)
    t.equal((await read(second, id)).status, 403)
    t.equal((await share(second, id)).status, 403)
  })

  t.test('requests one may not see answer 404, as the request routes do', async (t) => {
    t.equal((await read(owner, 2_000_000)).status, 404)
    t.equal((await share(helper, 2_000_000)).status, 404)
    const testRequest = (await admin.create({ isTest: 1 })).body.request_id
    t.equal((await read(stranger, testRequest)).status, 404, 'a test request, for a non-admin')
    t.equal((await share(stranger, testRequest)).status, 404)
    t.equal((await read(owner, 0)).status, 400)
  })
})
