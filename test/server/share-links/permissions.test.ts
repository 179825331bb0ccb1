import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * Who may make, read and revoke a request's share link (docs/requests.md, "Share links"): the owner alone; the
 * helper, a stranger and an admin get 403, a visitor 401, a request the caller may not see 404, a completed or
 * deleted one a clear 4xx.
 */
t.test('the share link permission matrix', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
  ])
  const url = (id: number) => `/api/requests/${id}/share`
  const share = (who: Actor, id: number) =>
    who.send<{ token: string; url: string; expires_at: string }>('POST', url(id))
  const revoke = (who: Actor, id: number) => who.send('DELETE', url(id))
  /** GET answers 204 without a body when there is no live link, which Actor.get cannot parse. */
  const read = async (who: Actor, id: number) => {
    const response = await app.inject({ url: url(id), headers: { authorization: `Bearer ${who.user.token}` } })
    return { status: response.statusCode, body: response.body ? response.json<Record<string, unknown>>() : null }
  }
  const visitor = (method: 'GET' | 'POST' | 'DELETE', id: number) => app.inject({ method, url: url(id) })
  const links = async (id: number) =>
    (await app.sql<{ n: number }[]>`select count(*)::int as n from share_links where request_id = ${id}`)[0]!.n

  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

  t.test('visitors: 401 for every call', async (t) => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) t.equal((await visitor(method, id)).statusCode, 401)
  })

  t.test('nobody but the owner makes a link: 403 with a message, nothing stored', async (t) => {
    for (const who of [helper, stranger, admin])
      t.match(await share(who, id), {
        status: 403,
        body: { message: 'Only the person who asked for help can share this request.' },
      })
    t.equal(await links(id), 0)
    t.equal((await read(owner, id)).status, 204, 'the owner has no link yet')
  })

  let token = ''
  t.test('the owner makes one: 201 with a long random token and the page’s address', async (t) => {
    const made = await share(owner, id)
    t.equal(made.status, 201)
    token = made.body.token
    t.match(token, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url')
    t.equal(made.body.url, `http://localhost:80/s/${token}`)
    const expires = Date.parse(made.body.expires_at) - Date.now()
    t.ok(expires > 23.9 * 3600_000 && expires <= 24 * 3600_000, 'a day from now')
    const [row] = await app.sql<{ nonce: Buffer; token_hash: Buffer }[]>`select nonce, token_hash from share_links`
    t.not(row!.nonce.toString('base64url'), token, 'the token itself is not stored')
    t.not(row!.token_hash.toString('base64url'), token)
  })

  t.test('a second share while it lives answers the same link; parallel ones too', async (t) => {
    const again = await share(owner, id)
    t.match(again, { status: 201, body: { token } })
    const burst = await Promise.all(Array.from({ length: 10 }, () => share(owner, id)))
    t.same(new Set(burst.map((answer) => `${answer.status} ${answer.body.token}`)), new Set([`201 ${token}`]))
    t.equal(await links(id), 1)
    t.match(await read(owner, id), { status: 200, body: { token, url: `http://localhost:80/s/${token}` } })
  })

  t.test('only the owner reads or revokes it', async (t) => {
    for (const who of [helper, stranger, admin]) {
      t.equal((await read(who, id)).status, 403)
      t.match(await revoke(who, id), { status: 403, body: { message: /Only the person who asked/ } })
    }
    t.equal(await links(id), 1, 'still there')
    t.equal((await app.inject({ url: `/api/shared/${token}` })).statusCode, 200)
  })

  t.test('the owner revokes it: the token finds nothing, a new share makes a new token', async (t) => {
    t.equal((await revoke(owner, id)).status, 204)
    t.equal((await revoke(owner, id)).status, 204, 'revoking twice is fine')
    t.equal(await links(id), 0)
    t.equal((await read(owner, id)).status, 204)
    t.match(await app.inject({ url: `/api/shared/${token}` }), { statusCode: 404 })
    const fresh = await share(owner, id)
    t.equal(fresh.status, 201)
    t.not(fresh.body.token, token)
  })

  t.test('an expired link is replaced by a new one', async (t) => {
    const before = (await share(owner, id)).body.token
    await app.sql`
      update share_links set created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
      where request_id = ${id}
    `
    t.equal((await read(owner, id)).status, 204, 'an expired link is no live link')
    const after = await share(owner, id)
    t.equal(after.status, 201)
    t.not(after.body.token, before)
    t.equal(await links(id), 1)
  })

  t.test('completed: no new link (409); the owner may still stop the live one', async (t) => {
    const done = (await owner.create({ description: 'Chain off' })).body.request_id
    const live = (await share(owner, done)).body.token
    t.equal((await owner.send('PUT', `/api/requests/${done}/setready`, { gotHelp: 0 })).status, 200)
    t.match(await share(owner, done), { status: 409, body: { message: 'A completed request cannot be shared.' } })
    t.match(await read(owner, done), { status: 200, body: { token: live } }, 'live for an hour after completion')
    t.equal((await revoke(owner, done)).status, 204)
    t.match(await share(owner, done), { status: 409 })
    t.equal(await links(done), 0)
  })

  t.test('deleted, missing or hidden requests: 404, as the request calls answer', async (t) => {
    const gone = (await owner.create({ description: 'Lost the key' })).body.request_id
    t.equal((await owner.send('DELETE', `/api/requests/${gone}`)).status, 204)
    for (const call of [share, revoke]) t.match(await call(owner, gone), { status: 404 })
    t.equal((await read(owner, gone)).status, 404)
    t.equal((await share(owner, 2_000_000)).status, 404)
    const testRequest = (await admin.create({ isTest: 1 })).body.request_id
    t.equal((await share(stranger, testRequest)).status, 404, 'a test request, for a non-admin')
    t.equal((await share(admin, testRequest)).status, 201, 'its admin owner may share it')
    t.equal((await share(owner, 0)).status, 400)
  })
})
