import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

const HERE = { latitude: 60.1699, longitude: 24.9384 }

/** The 5 s limit under a real parallel burst, and the position gone however the response ends. */
t.test('position limits and erasure', async (t) => {
  const app = await buildTestApp(t, { DATABASE_POOL_MAX: 25 })
  let people = 0
  const url = (id: number) => `/api/requests/${id}/responder-position`
  /** A request in progress between a new owner and a new helper, who has shared a position. */
  const sharing = async () => {
    people += 1
    const [owner, helper] = await Promise.all([signedIn(app, `Owner ${people}`), signedIn(app, `Helper ${people}`)])
    const id = (await owner.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await helper.send('PUT', url(id), HERE)).status, 200)
    return { owner, helper, id }
  }
  const stored = async (id: number) =>
    (await app.sql<{ n: number }[]>`select count(*)::int as n from responder_positions where request_id = ${id}`)[0]!.n
  const age = async (id: number) =>
    app.sql`update responder_positions set shared_at = now() - interval '6 seconds' where request_id = ${id}`

  t.test('20 parallel updates: exactly one accepted and stored, the rest 429 with a message', async (t) => {
    people += 1
    const [owner, helper] = await Promise.all([signedIn(app, `Owner ${people}`), signedIn(app, `Helper ${people}`)])
    const id = (await owner.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        helper.send<{ latitude: number; message: string }>('PUT', url(id), {
          latitude: 60 + i / 1000,
          longitude: 24.9,
        }),
      ),
    )
    const accepted = answers.filter((a) => a.status === 200)
    t.equal(accepted.length, 1)
    const refused = answers.filter((a) => a.status === 429)
    t.equal(refused.length, 19)
    t.ok(refused.every((a) => a.body.message === 'Location updates are limited to one every 5 seconds.'))
    const rows = await app.sql<
      { latitude: number }[]
    >`select latitude from responder_positions where request_id = ${id}`
    t.equal(rows.length, 1)
    t.equal(rows[0]!.latitude, accepted[0]!.body.latitude, 'the accepted one is the one stored')

    const retry = await app.inject({
      method: 'PUT',
      url: url(id),
      headers: { authorization: `Bearer ${helper.user.token}` },
      payload: HERE,
    })
    t.equal(retry.statusCode, 429)
    const seconds = Number(retry.headers['retry-after'])
    t.ok(seconds >= 1 && seconds <= 5, `Retry-After is when the stored one is 5 s old (${seconds})`)

    t.equal((await helper.send('DELETE', url(id))).status, 204, 'stopping is never refused')
    t.equal((await helper.send('PUT', url(id), HERE)).status, 429, 'stopping and starting again does not skip the wait')
    await age(id)
    const later = await Promise.all(Array.from({ length: 10 }, () => helper.send('PUT', url(id), HERE)))
    t.equal(later.filter((a) => a.status === 200).length, 1, '5 s later: one more')
  })

  const endings: Array<[string, (parties: { owner: Actor; helper: Actor; id: number }) => Promise<number>]> = [
    [
      'released by the helper',
      async ({ helper, id }) =>
        (await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status,
    ],
    [
      'the helper removed by the owner',
      async ({ owner, id }) =>
        (await owner.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' })).status,
    ],
    [
      'completed',
      async ({ owner, id }) => (await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status,
    ],
    ['the request deleted', async ({ owner, id }) => (await owner.send('DELETE', `/api/requests/${id}`)).status],
    ["the helper's account deleted", async ({ helper }) => (await helper.send('DELETE', '/api/user')).status],
    ["the owner's account deleted", async ({ owner }) => (await owner.send('DELETE', '/api/user')).status],
  ]
  for (const [ending, end] of endings)
    t.test(`the position is gone when ${ending}`, async (t) => {
      const parties = await sharing()
      t.equal(await stored(parties.id), 1)
      t.ok([200, 204].includes(await end(parties)))
      t.equal(await stored(parties.id), 0)
    })

  t.test('an admin completing or deleting the request erases it too', async (t) => {
    const admin = await signedIn(app, 'Admin', true)
    const completed = await sharing()
    t.equal((await admin.send('PUT', `/api/requests/${completed.id}/setready`, { gotHelp: 0 })).status, 200)
    t.equal(await stored(completed.id), 0)
    const deleted = await sharing()
    t.equal((await admin.send('DELETE', `/api/requests/${deleted.id}`)).status, 204)
    t.equal(await stored(deleted.id), 0)
  })
})
