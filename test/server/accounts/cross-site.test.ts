import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer, clientAddress } from '../../accounts.ts'
import { signedInUser } from '../../signed-in.ts'

/** The app as a browser reaches it; a same-site attacker's page is on another port of the same host. */
const HOST = 'app.example:8080'
const OWN_ORIGIN = `http://${HOST}`
const SAME_SITE_ORIGIN = 'http://app.example:8081'

t.test('cookie-authenticated routes refuse requests that did not come from our own page', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const user = await signedInUser(app, { user_name: 'Targeted' })
  const me = () => app.inject({ url: '/api/user/protected-route', headers: bearer(user.token) })
  const liveRefreshTokens = async () => {
    const [row] = await app.sql<{ count: number }[]>`
      select count(*)::int from refresh_tokens t join sessions s using (session_id)
      where s.user_id = ${user.user.user_id} and s.revoked_at is null and t.rotated_at is null`
    return row!.count
  }
  const post = (url: string, headers: Record<string, string>, body: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: HOST, ...headers },
      payload: body,
      cookies: { refresh_token: user.cookie },
      remoteAddress: clientAddress(),
    })
  const json = { 'content-type': 'application/json' }
  const loginBody = JSON.stringify({ identifier: 'Targeted', password: user.password })

  const attacks: Array<[string, string, Record<string, string>, string]> = [
    ['a text/plain form post', '/api/user/logout', { 'content-type': 'text/plain', origin: OWN_ORIGIN }, '{}'],
    ['a text/plain form post', '/api/user/refresh-token', { 'content-type': 'text/plain' }, '{}'],
    ['a urlencoded form post', '/api/user/logout', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['no content type', '/api/user/refresh-token', {}, ''],
    ['a same-site Origin', '/api/user/logout', { ...json, origin: SAME_SITE_ORIGIN }, '{}'],
    ['a same-site Origin', '/api/user/refresh-token', { ...json, origin: SAME_SITE_ORIGIN }, '{}'],
    ['another scheme', '/api/user/refresh-token', { ...json, origin: 'https://app.example:8080' }, '{}'],
    ['an opaque Origin', '/api/user/logout', { ...json, origin: 'null' }, '{}'],
    ['Sec-Fetch-Site: same-site', '/api/user/logout', { ...json, 'sec-fetch-site': 'same-site' }, '{}'],
    [
      'Sec-Fetch-Site: cross-site',
      '/api/user/refresh-token',
      { ...json, 'sec-fetch-site': 'cross-site', origin: OWN_ORIGIN },
      '{}',
    ],
    ['a same-site Origin', '/api/user/login', { ...json, origin: SAME_SITE_ORIGIN }, loginBody],
    ['a text/plain form post', '/api/user/login', { 'content-type': 'text/plain' }, loginBody],
  ]
  // In parallel, as a page could fire them all at once.
  const answers = await Promise.all(attacks.map(([, url, headers, body]) => post(url, headers, body)))
  answers.forEach((answer, i) => {
    const [what, url] = attacks[i]!
    const expected = attacks[i]![2]['content-type'] === 'application/json' ? 403 : 415
    t.equal(answer.statusCode, expected, `${what} to ${url}: ${expected}`)
    t.type(answer.json<{ message: string }>().message, 'string', 'with a message')
    t.notOk(answer.headers['set-cookie'], 'and no cookie set or cleared')
  })
  t.equal((await me()).statusCode, 200, 'the session is alive')
  t.equal(await liveRefreshTokens(), 1, 'its refresh token was neither rotated nor revoked')

  t.test('our own page, and clients that are not browsers, get through', async (t) => {
    const fromPage = await post('/api/user/refresh-token', { ...json, origin: OWN_ORIGIN }, '{}')
    t.equal(fromPage.statusCode, 200, 'Origin of our own page')
    const fetchMetadata = await post(
      '/api/user/login',
      { 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-origin', origin: OWN_ORIGIN },
      loginBody,
    )
    t.equal(fetchMetadata.statusCode, 200, 'Sec-Fetch-Site: same-origin')
    const script = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(user.token),
      payload: {},
    })
    t.equal(script.statusCode, 204, 'neither header: not a browser, no ambient cookie')
  })
})
