import t from 'tap'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import {
  bearer,
  clientAddress,
  latestCode,
  refreshCookie,
  registerUser,
  uniquePhone,
  verifiedPhoneToken,
  type UserJson,
} from '../../accounts.ts'
import { runScript } from '../../process.ts'
import { signedInUser } from '../../signed-in.ts'

t.test('account settings', async (t) => {
  const dataDir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
  const put = (url: string, token: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: bearer(token), payload })
  const login = (identifier: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { identifier, password },
      remoteAddress: clientAddress(),
    })

  t.test('user name: validated, unique ignoring case, changeable in case', async (t) => {
    const a = await signedInUser(app, { user_name: 'Aino' })
    await signedInUser(app, { user_name: 'Eino' })
    const renamed = await put('/api/user/username', a.token, { user_name: 'Aino K' })
    t.equal(renamed.statusCode, 200)
    t.match(renamed.json(), { message: 'Username updated', user: { user_name: 'Aino K', user_id: a.user.user_id } })
    t.same((await put('/api/user/username', a.token, { user_name: 'EINO' })).json(), {
      message: 'Username already taken',
    })
    t.equal((await put('/api/user/username', a.token, { user_name: 'EINO' })).statusCode, 409)
    t.same((await put('/api/user/username', a.token, { user_name: 'x' })).json(), {
      message: 'Username must be 3-16 characters',
    })
    t.same((await put('/api/user/username', a.token, { user_name: 'a<b>c' })).json(), {
      message: 'Username contains invalid characters',
    })
    t.equal(
      (await put('/api/user/username', a.token, { user_name: 'AINO K' })).statusCode,
      200,
      'own name in other case',
    )
    t.equal(
      (await app.inject({ method: 'PUT', url: '/api/user/username', payload: { user_name: 'Nobody' } })).statusCode,
      401,
    )
  })

  t.test('radius: digits only, 1-3 of them', async (t) => {
    const u = await signedInUser(app, { user_name: 'Radial' })
    t.equal((await put('/api/user/radius', u.token, { radius: '250' })).json<{ user: UserJson }>().user.radius, 250)
    t.equal((await put('/api/user/radius', u.token, { radius: 7 })).json<{ user: UserJson }>().user.radius, 7)
    t.same((await put('/api/user/radius', u.token, { radius: '2.5' })).json(), {
      message: 'Radius can only contain numbers',
    })
    t.same((await put('/api/user/radius', u.token, { radius: '1000' })).json(), {
      message: 'Radius can be 1-3 numbers',
    })
    t.same((await put('/api/user/radius', u.token, { radius: '' })).json(), { message: 'Please fill in all fields' })
    const [row] = await app.sql<{ radius: number }[]>`select radius from users where user_id = ${u.user.user_id}`
    t.equal(row!.radius, 7, 'refused values changed nothing')
  })

  t.test('language is kept for texts the server writes', async (t) => {
    const u = await signedInUser(app, { user_name: 'Kielitaito' })
    t.equal(
      (await put('/api/user/language', u.token, { language: 'swedish' })).json<{ user: UserJson }>().user.language,
      'swedish',
    )
    t.equal((await put('/api/user/language', u.token, { language: 'klingon' })).statusCode, 400)
  })

  t.test('location: reported, read back, validated', async (t) => {
    const u = await signedInUser(app, { user_name: 'Wanderer' })
    const get = () => app.inject({ url: '/api/user/location', headers: bearer(u.token) })
    t.same((await get()).json(), { latitude: 60.17, longitude: 24.94 }, 'the registration position')
    t.same((await put('/api/user/location', u.token, { latitude: 65.01, longitude: 25.47 })).json(), {
      latitude: 65.01,
      longitude: 25.47,
    })
    t.same((await get()).json(), { latitude: 65.01, longitude: 25.47 })
    t.equal((await put('/api/user/location', u.token, { latitude: 91, longitude: 0 })).statusCode, 400)
    t.equal((await put('/api/user/location', u.token, { latitude: null, longitude: 0 })).statusCode, 400)
    t.equal(
      (await put('/api/user/location', u.token, { latitude: '60', longitude: '24' })).statusCode,
      400,
      'no type coercion',
    )
    // At most one report per 10 s (docs/security.md, "Phone numbers by reach"): the last one as if made a minute ago.
    await app.sql`
      update users set location_reported_at = location_reported_at - interval '1 minute' where user_id = ${u.user.user_id}
    `
    t.equal(
      (await put('/api/user/location', u.token, { latitude: 0, longitude: 0 })).statusCode,
      200,
      'the equator is a place',
    )
  })

  t.test('password change: old password checked, other sessions end, this one stays', async (t) => {
    const u = await signedInUser(app, { user_name: 'Changer', password: 'first-pass' })
    const otherDevice = await login('Changer', 'first-pass')
    const wrong = await put('/api/user/password', u.token, { oldPassword: 'nope', newPassword: 'second-pass' })
    t.equal(wrong.statusCode, 400)
    t.same(wrong.json(), { message: 'Incorrect password' })
    t.same((await put('/api/user/password', u.token, { oldPassword: 'first-pass', newPassword: '1234' })).json(), {
      message: 'Password must be at least 5 characters long',
    })
    const changed = await put('/api/user/password', u.token, { oldPassword: 'first-pass', newPassword: 'second-pass' })
    t.same(changed.json(), { message: 'Password changed' })
    t.equal(
      (await app.inject({ url: '/api/user/protected-route', headers: bearer(u.token) })).statusCode,
      200,
      'this session stays',
    )
    t.equal(
      (
        await app.inject({
          url: '/api/user/protected-route',
          headers: bearer(otherDevice.json<{ token: string }>().token),
        })
      ).statusCode,
      401,
      'the other device is logged out',
    )
    t.equal((await login('Changer', 'first-pass')).statusCode, 401)
    t.equal((await login('Changer', 'second-pass')).statusCode, 200)
  })

  t.test('password reset by SMS ends every session', async (t) => {
    const phone = uniquePhone()
    const u = await signedInUser(app, { user_name: 'Forgetful', phone, password: 'forgotten' })
    const idToken = await verifiedPhoneToken(app, dataDir, '0' + phone.slice(4), 'reset')
    t.match(latestCode(dataDir, phone), /^\d{6}$/)
    const reset = (token: string, newPassword = 'remembered') =>
      app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent('+358 ' + phone.slice(4))}/newpassword`,
        payload: { newPassword, idToken: token },
      })
    t.same((await reset(idToken, 'abc')).json(), { message: 'Password must be at least 5 characters long' })
    const ok = await reset(idToken)
    t.equal(ok.statusCode, 200)
    t.same(ok.json(), { message: 'Password updated' })
    t.same((await reset(idToken)).json(), { message: 'Invalid code' }, 'the proof is spent')
    t.equal((await app.inject({ url: '/api/user/protected-route', headers: bearer(u.token) })).statusCode, 401)
    t.equal((await login(phone, 'forgotten')).statusCode, 401)
    t.equal((await login(phone, 'remembered')).statusCode, 200)
  })

  t.test('deleting the account removes the user, their sessions and codes', async (t) => {
    const phone = uniquePhone()
    const u = await signedInUser(app, { user_name: 'Goodbye', phone })
    await app.inject({
      method: 'POST',
      url: '/api/phone-verification/send',
      payload: { phone, purpose: 'reset' },
      remoteAddress: clientAddress(),
    })
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(u.token),
      cookies: { refresh_token: u.cookie },
    })
    t.equal(deleted.statusCode, 204)
    t.equal(refreshCookie(deleted), '')
    const [left] = await app.sql<{ users: number; sessions: number; codes: number }[]>`
      select
        (select count(*)::int from users where user_id = ${u.user.user_id}) as users,
        (select count(*)::int from sessions where user_id = ${u.user.user_id}) as sessions,
        (select count(*)::int from phone_codes where phone = ${phone}) as codes`
    t.same(left, { users: 0, sessions: 0, codes: 0 })
    t.equal((await app.inject({ url: '/api/user/protected-route', headers: bearer(u.token) })).statusCode, 401)
    t.equal((await login('Goodbye', u.password)).statusCode, 401)
    const again = await registerUser(app, dataDir, { user_name: 'Goodbye', phone })
    t.ok(again.user.user_id, 'the name and phone are free again')
  })

  t.test('admin: user count, granted and revoked by the admin script', async (t) => {
    const admin = await signedInUser(app, { user_name: 'Boss Lady' })
    const countAs = (token: string) => app.inject({ url: '/api/user/user-count', headers: bearer(token) })
    const refused = await countAs(admin.token)
    t.equal(refused.statusCode, 403)
    t.same(refused.json(), { message: 'Forbidden' })

    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }
    const grant = runScript('scripts/admin.ts', ['grant', 'boss lady'], env)
    t.equal((await grant.exited).code, 0, grant.output())
    t.match(grant.output(), /Boss Lady is now an admin/)

    const [row] = await app.sql<{ n: number }[]>`select count(*)::int as n from users`
    t.same((await countAs(admin.token)).json(), { userCount: row!.n }, 'the live session sees the flag at once')
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/user/refresh-token',
      payload: {},
      cookies: { refresh_token: admin.cookie },
    })
    t.equal(refreshed.json<{ user: UserJson }>().user.isAdmin, true, 'and the next token carries it')

    const revoke = runScript('scripts/admin.ts', ['revoke', 'Boss Lady'], env)
    t.equal((await revoke.exited).code, 0)
    t.equal((await countAs(admin.token)).statusCode, 403)

    const unknown = runScript('scripts/admin.ts', ['grant', 'Nobody Here'], env)
    t.equal((await unknown.exited).code, 1)
    t.match(unknown.output(), /no user named "Nobody Here"/)
    const usage = runScript('scripts/admin.ts', ['promote'], env)
    t.equal((await usage.exited).code, 2)
    t.match(usage.output(), /usage: npm run admin -- grant\|revoke <user_name>/)
  })
})
