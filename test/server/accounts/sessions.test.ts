import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer, clientAddress, refreshCookie, type UserJson } from '../../accounts.ts'
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/domain/accounts/sessions.ts'
import { craftJwt, decodeJwt, decodeJwtHeader } from '../../jwt.ts'
import { signedInUser } from '../../signed-in.ts'

const SECRET = 'test-secret-that-is-long-enough-0123456789'

t.test('login, tokens and sessions', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, JWT_SECRET: SECRET })

  const login = (identifier: string, password: string, remoteAddress = clientAddress()) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { identifier, password }, remoteAddress })
  const refresh = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/user/refresh-token', payload: {}, cookies: { refresh_token: cookie } })
  const me = (token: string) => app.inject({ url: '/api/user/protected-route', headers: bearer(token) })

  t.test('log in with the user name in any case or the phone written any way', async (t) => {
    const phone = '+358405556677'
    const user = await signedInUser(app, { user_name: 'Liisa', phone, password: 'salasana' })
    for (const identifier of [
      'Liisa',
      'liisa',
      ' LIISA ',
      '0405556677',
      '040-555 6677',
      '+358 40 555 6677',
      '(040) 5556677',
    ]) {
      const response = await login(identifier, 'salasana')
      t.equal(response.statusCode, 200, identifier)
      t.equal(response.json<{ user: UserJson }>().user.user_id, user.user.user_id, identifier)
    }
    const wrong = await login('Liisa', 'Salasana')
    t.equal(wrong.statusCode, 401)
    t.same(wrong.json(), { message: 'Invalid username or password' })
    t.same(
      (await login('Nobody', 'salasana')).json(),
      { message: 'Invalid username or password' },
      'unknown user: same answer',
    )
    t.same((await login('', 'x')).json(), { message: 'Please fill in all fields' })
    t.same((await login('Liisa', 'x'.repeat(5000))).json(), { message: 'Invalid username or password' })
  })

  t.test('the access token: HS256, 15 minutes, issuer and audience, user id, name and admin flag', async (t) => {
    const user = await signedInUser(app, { user_name: 'Tokenised' })
    const payload = decodeJwt<Record<string, unknown>>(user.token)
    t.match(payload, {
      user_id: user.user.user_id,
      user_name: 'Tokenised',
      isAdmin: false,
      iss: 'pyoraapu',
      aud: 'pyoraapu-api',
    })
    t.equal((payload.exp as number) - (payload.iat as number), 15 * 60)
    t.equal(decodeJwtHeader(user.token).alg, 'HS256')

    const forge = (changes: object, options?: Parameters<typeof craftJwt>[1]) =>
      craftJwt({ ...payload, ...changes }, options ?? { secret: SECRET })
    const now = Math.floor(Date.now() / 1000)
    t.equal((await me(forge({}))).statusCode, 200, 'a correctly signed copy works (the forge is faithful)')
    t.equal((await me(forge({ iat: now - 3600, exp: now - 1 }))).statusCode, 401, 'expired')
    t.equal((await me(forge({}, { alg: 'none' }))).statusCode, 401, 'unsigned (alg none)')
    t.equal((await me(forge({}, { secret: 'another-secret-another-secret-1234' }))).statusCode, 401, 'another key')
    t.equal((await me(forge({ aud: 'someone-else' }))).statusCode, 401, 'another audience')
    t.equal((await me(forge({ iss: 'someone-else' }))).statusCode, 401, 'another issuer')
    t.equal((await me(forge({ isAdmin: true, user_id: 999_999 }))).statusCode, 401, 'a session that is not theirs')
    t.equal((await me(forge({ sid: 'not-a-uuid' }))).statusCode, 401, 'a malformed session id is a 401, not a 500')
    t.equal((await me(forge({ user_id: '1' }))).statusCode, 401, 'a malformed user id too')
    t.equal((await app.inject({ url: '/api/user/protected-route' })).statusCode, 401, 'no token')
    const body = (await me(user.token)).json<unknown>()
    t.same(body, { user: user.user }, 'protected-route answers the user')
  })

  t.test('refresh rotates the token; a reused token ends the whole session', async (t) => {
    const user = await signedInUser(app, { user_name: 'Rotator' })
    const first = await refresh(user.cookie)
    t.equal(first.statusCode, 200)
    t.type(first.json<{ accessToken: string }>().accessToken, 'string')
    t.equal((await me(first.json<{ accessToken: string }>().accessToken)).statusCode, 200)
    const second = refreshCookie(first)!
    t.not(second, user.cookie, 'a new refresh token each time')

    const lostAnswer = await refresh(user.cookie)
    t.equal(
      lostAnswer.statusCode,
      200,
      'within the grace window the old token works once more (its answer may have been lost)',
    )
    t.equal((await me(lostAnswer.json<{ accessToken: string }>().accessToken)).statusCode, 200)

    await app.sql`
      update refresh_tokens set rotated_at = rotated_at - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})
      where session_id in (select session_id from sessions where user_id = ${user.user.user_id})`
    const reuse = await refresh(user.cookie)
    t.equal(reuse.statusCode, 401, 'after the grace window the old token is refused')
    t.equal((await refresh(second)).statusCode, 401, 'and the session it belonged to is over')
    t.equal(
      (await me(first.json<{ accessToken: string }>().accessToken)).statusCode,
      401,
      'access tokens of that session too',
    )
    t.equal((await refresh('made-up')).statusCode, 401)
    t.equal(
      (await app.inject({ method: 'POST', url: '/api/user/refresh-token', payload: {} })).statusCode,
      401,
      'no cookie',
    )
  })

  t.test('sessions last at most 30 days', async (t) => {
    const user = await signedInUser(app, { user_name: 'Oldtimer' })
    const [session] = await app.sql<{ days: number }[]>`
      select round(extract(epoch from expires_at - created_at) / 86400)::int as days
      from sessions where user_id = ${user.user.user_id}`
    t.equal(session!.days, 30)
    await app.sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.user.user_id}`
    t.equal((await refresh(user.cookie)).statusCode, 401)
    t.equal((await me(user.token)).statusCode, 401)
  })

  t.test('logout ends the session, with or without a live access token', async (t) => {
    const user = await signedInUser(app, { user_name: 'Leaver' })
    const out = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: {},
      headers: bearer(user.token),
      cookies: { refresh_token: user.cookie },
    })
    t.equal(out.statusCode, 204)
    t.equal(out.cookies.find((c) => c.name === 'refresh_token')?.value, '', 'the cookie is cleared')
    t.equal((await me(user.token)).statusCode, 401)
    t.equal((await refresh(user.cookie)).statusCode, 401)

    const other = await login('Leaver', user.password)
    const cookieOnly = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: {},
      cookies: { refresh_token: refreshCookie(other)! },
    })
    t.equal(cookieOnly.statusCode, 204)
    t.equal((await me(other.json<{ token: string }>().token)).statusCode, 401, 'the cookie alone ended that session')
  })
})
