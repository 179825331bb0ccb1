import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }

/**
 * What a share link's page is told (docs/requests.md, "Share links"): no account needed, no phone number, no user
 * id, nothing about who else looked; and a 404, all alike, once the link is revoked, the request deleted, an hour
 * after completion or a day after the link was made. Times are moved with SQL, never waited for.
 */
t.test('the shared answer and when it ends', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, stranger] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Stranger'),
  ])
  const shareOf = async (who: Actor, id: number) =>
    (await who.send<{ token: string }>('POST', `/api/requests/${id}/share`)).body.token
  const look = async (token: string) => {
    const response = await app.inject({ url: `/api/shared/${token}`, remoteAddress: '10.9.9.9' })
    return { status: response.statusCode, body: response.json<Record<string, unknown>>(), text: response.body }
  }
  const ownerPhone = owner.user.user.phone
  const helperPhone = helper.user.user.phone

  t.test('an exact request, from new to completed', async (t) => {
    const created = await owner.create({ ...HELSINKI, description: 'Flat tyre near the bridge' })
    const id = created.body.request_id
    const token = await shareOf(owner, id)
    // Seen by the other two, so the owner's detail counts views: none of it reaches the link.
    await stranger.send('PUT', `/api/requests/${id}/add-view`)

    const fresh = await look(token)
    t.equal(fresh.status, 200)
    t.same(Object.keys(fresh.body).sort(), [
      'category',
      'completed_at',
      'created_at',
      'description',
      'expires_at',
      'helper',
      'isApproximate',
      'latitude',
      'longitude',
      'status',
      'updated_at',
    ])
    t.match(fresh.body, {
      category: 'bicycle_maintenance',
      status: 'new',
      description: 'Flat tyre near the bridge',
      ...HELSINKI,
      isApproximate: false,
      created_at: created.body.created_at,
      completed_at: null,
      helper: null,
    })

    // The helper takes over from 3.3 km north: their last reported location gives the whole km.
    await app.sql`update users set latitude = 60.2, longitude = 24.9384 where user_id = ${helper.user.user.user_id}`
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const taken = await look(token)
    t.match(taken.body, { status: 'in progress', helper: { user_name: 'Helper', on_my_way: false, distance_km: 3 } })
    t.same(Object.keys(taken.body.helper as object).sort(), ['distance_km', 'on_my_way', 'user_name'])

    t.equal((await helper.send('PUT', `/api/requests/${id}/responder-position`, HELSINKI)).status, 200)
    t.match((await look(token)).body, { helper: { on_my_way: true, distance_km: 3 } }, 'on the way: the flag only')
    t.equal((await helper.send('DELETE', `/api/requests/${id}/responder-position`)).status, 204)
    t.match((await look(token)).body, { helper: { on_my_way: false } }, 'stopped sharing')

    for (const answer of [fresh, taken]) {
      for (const phone of [ownerPhone, helperPhone]) t.notOk(answer.text.includes(phone.slice(4)), 'no phone number')
      t.notOk(/_id"|"views"|"phone/.test(answer.text), 'no ids, views or phone fields')
    }

    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
    const done = await look(token)
    t.match(done.body, { status: 'completed', completed_at: /^\d{4}-/, helper: null })
    const closesIn = Date.parse(done.body.expires_at as string) - Date.now()
    t.ok(closesIn > 0 && closesIn <= 3600_000, 'an hour after completion')

    // An hour after completion: gone.
    await app.sql`update requests set completed_at = now() - interval '61 minutes' where request_id = ${id}`
    t.match(await look(token), { status: 404, body: { message: 'This link is no longer valid.' } })
  })

  t.test('an approximate request stays approximate', async (t) => {
    const created = await owner.create({ latitude: 60.171234, longitude: 24.941234, isApproximate: 1 })
    const token = await shareOf(owner, created.body.request_id)
    t.match((await look(token)).body, { latitude: 60.17, longitude: 24.94, isApproximate: true })
    t.equal((await owner.send('DELETE', `/api/requests/${created.body.request_id}`)).status, 204)
  })

  t.test('every way a link ends answers the same 404', async (t) => {
    const id = (await owner.create({ latitude: null, longitude: null })).body.request_id
    const notValid = { status: 404, body: { message: 'This link is no longer valid.' } }

    const withoutPlace = await shareOf(owner, id)
    t.match((await look(withoutPlace)).body, { latitude: null, longitude: null, helper: null })

    // A day after it was made.
    await app.sql`
      update share_links set created_at = now() - interval '24 hours 1 minute', expires_at = now() - interval '1 minute'
      where request_id = ${id}
    `
    t.match(await look(withoutPlace), notValid, 'a day after it was made')

    // Revoked.
    const revoked = await shareOf(owner, id)
    t.equal((await look(revoked)).status, 200)
    t.equal((await owner.send('DELETE', `/api/requests/${id}/share`)).status, 204)
    t.match(await look(revoked), notValid, 'revoked')

    // The request deleted.
    const deleted = await shareOf(owner, id)
    t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204)
    t.match(await look(deleted), notValid, 'the request deleted')

    // Never a link, or not even a token.
    t.match(await look('A'.repeat(43)), notValid, 'an unknown token')
    t.match(await look('not-a-token'), notValid, 'a malformed one')
    t.match(await look(deleted.slice(0, 42) + (deleted.endsWith('A') ? 'B' : 'A')), notValid, 'one character off')
  })

  t.test('housekeeping forgets the links that can never open again', async (t) => {
    const { purgeShareLinks } = await import('../../../server/domain/share-links/share-links.ts')
    const live = (await owner.create({ description: 'Still waiting' })).body.request_id
    const token = await shareOf(owner, live)
    const purged = await purgeShareLinks(app.sql)
    t.ok(purged >= 1, `${purged} purged: the ended ones above`)
    const [left] = await app.sql<{ n: number }[]>`select count(*)::int as n from share_links`
    t.equal(left!.n, 1, 'the live one stays')
    t.equal((await look(token)).status, 200)
  })
})

t.test('a suspended owner’s open request is not shown by its link; a lift shows it again', async (t) => {
  const app = await buildTestApp(t)
  const [owner, admin] = await Promise.all([signedIn(app, 'Owner'), signedIn(app, 'Admin', true)])
  const id = (await owner.create()).body.request_id
  const token = (await owner.send<{ token: string }>('POST', `/api/requests/${id}/share`)).body.token
  const look = async () => (await app.inject({ url: `/api/shared/${token}`, remoteAddress: '10.9.9.8' })).statusCode
  t.equal(await look(), 200)
  const ownerId = owner.user.user.user_id
  await app.suspensions.suspend({ userId: ownerId, until: null, reason: 'Spam', decidedBy: admin.user.user.user_id })
  t.equal(await look(), 404, 'banned: the link shows nothing')
  t.ok(await app.suspensions.lift(ownerId, admin.user.user.user_id))
  t.equal(await look(), 200, 'lifted: the link works again while it lives')
})

t.test('the page’s calls are limited per address (429), counted before the token is looked up', async (t) => {
  const app = await buildTestApp(t, { SHARED_LINK_REQUESTS_PER_MINUTE: 5 })
  const owner = await signedIn(app, 'Owner')
  const id = (await owner.create()).body.request_id
  const { token } = (await owner.send<{ token: string }>('POST', `/api/requests/${id}/share`)).body
  const from = (remoteAddress: string, path = token) => app.inject({ url: `/api/shared/${path}`, remoteAddress })

  const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => from('10.1.1.1', i % 2 ? token : 'x')))
  const statuses = burst.map((answer) => answer.statusCode)
  t.equal(statuses.filter((status) => status === 429).length, 7, `5 answered, 7 refused: ${statuses.join(' ')}`)
  const refused = burst.find((answer) => answer.statusCode === 429)!
  t.match(refused.json(), { message: 'Too many attempts, try again later' })
  t.ok(Number(refused.headers['retry-after']) > 0, 'with Retry-After')
  t.equal((await from('10.2.2.2')).statusCode, 200, 'another address is not held up')
  t.equal((await from('2001:db8:1:2::1')).statusCode, 200)
  for (let i = 0; i < 4; i++) await from('2001:db8:1:2::99')
  t.equal((await from('2001:db8:1:2:ffff::5')).statusCode, 429, 'an IPv6 /64 counts as one address')
})
