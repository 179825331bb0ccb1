import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import {
  bearer,
  clientAddress,
  refreshCookie,
  registerUser,
  uniquePhone,
  verifiedPhoneToken,
  type UserJson,
} from '../../accounts.ts'

const post = (url: string, payload: object) => ({
  method: 'POST' as const,
  url,
  payload,
  remoteAddress: clientAddress(),
})

t.test('registration', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })

  const register = async (fields: Record<string, unknown>) =>
    app.inject(post('/api/user/register', { radius: 10, latitude: null, longitude: null, ...fields }))

  t.test('a verified phone registers and gets a session', async (t) => {
    const phone = '040 765 4321'
    const idToken = await verifiedPhoneToken(app, dataDir, phone)
    const response = await register({
      user_name: 'Pyöräilijä_1',
      phone,
      password: 'secret1',
      radius: '25',
      idToken,
      latitude: 60.2,
      longitude: 24.9,
    })
    t.equal(response.statusCode, 201, response.body)
    const body = response.json<{ user: UserJson; token: unknown }>()
    t.match(body.user, { user_name: 'Pyöräilijä_1', phone: '+358407654321', radius: 25, isAdmin: false })
    t.type(body.user.user_id, 'number')
    t.notOk('password_hash' in body.user, 'no password hash in the answer')
    t.type(body.token, 'string')
    const cookie = response.cookies.find((c) => c.name === 'refresh_token')!
    t.ok(cookie.value.length >= 43, 'a 256-bit refresh token')
    t.equal(cookie.httpOnly, true)
    t.equal(cookie.sameSite, 'Strict')
    t.equal(cookie.path, '/api/user')
    t.notOk(cookie.secure, 'not Secure over plain http')

    const [stored] = await app.sql<
      { password_hash: string; latitude: number }[]
    >`select password_hash, latitude from users where user_id = ${body.user.user_id}`
    t.match(stored!.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'argon2id with the OWASP parameters')
    t.equal(stored!.latitude, 60.2)
    const [tokens] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from refresh_tokens where token_hash = ${cookie.value}`
    t.equal(tokens!.n, 0, 'the refresh token itself is not stored')
  })

  t.test('each rule of the contract answers its own message', async (t) => {
    const phone = uniquePhone()
    const idToken = await verifiedPhoneToken(app, dataDir, phone)
    const valid = { user_name: 'Valid_Name', phone, password: 'secret1', radius: 10, idToken }
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing field', { ...valid, password: undefined }, 'Please fill in all fields'],
      ['blank user name', { ...valid, user_name: '   ' }, 'Please fill in all fields'],
      ['short user name', { ...valid, user_name: 'ab' }, 'Username must be 3-16 characters'],
      ['long user name', { ...valid, user_name: 'a'.repeat(17) }, 'Username must be 3-16 characters'],
      ['bad characters', { ...valid, user_name: 'robert";--' }, 'Username contains invalid characters'],
      ['emoji', { ...valid, user_name: 'bike🚲' }, 'Username contains invalid characters'],
      ['invalid phone', { ...valid, phone: '123' }, 'Invalid phonenumber'],
      ['letters in phone', { ...valid, phone: '040abc4567' }, 'Invalid phonenumber'],
      ['phone over 250 characters', { ...valid, phone: '0'.repeat(251) }, 'Invalid phonenumber'],
      ['short password', { ...valid, password: '1234' }, 'Password must be at least 5 characters long'],
      ['huge password', { ...valid, password: 'x'.repeat(1025) }, 'Password must be at most 1024 characters long'],
      ['radius letters', { ...valid, radius: '1O' }, 'Radius can only contain numbers'],
      ['negative radius', { ...valid, radius: -5 }, 'Radius can only contain numbers'],
      ['radius 4 digits', { ...valid, radius: '1000' }, 'Radius can be 1-3 numbers'],
      ['radius zero', { ...valid, radius: 0 }, 'Radius can be 1-3 numbers'],
    ]
    for (const [name, payload, message] of cases) {
      const response = await register(payload)
      t.equal(response.statusCode, 400, name)
      t.equal(response.json<{ message: string }>().message, message, name)
    }
    const latitudeOnly = await register({ ...valid, latitude: 60, longitude: null })
    t.equal(latitudeOnly.statusCode, 400, 'a half location is refused')
    const [count] = await app.sql<{ n: number }[]>`select count(*)::int as n from users where phone = ${phone}`
    t.equal(count!.n, 0, 'nothing was stored')
    const ok = await register(valid)
    t.equal(ok.statusCode, 201, 'the idToken was not used up by the refused attempts')
  })

  t.test('user names are unique ignoring case; a conflict leaves the phone proof usable', async (t) => {
    await registerUser(app, dataDir, { user_name: 'Matti Meikäläinen'.slice(0, 16) })
    const phone = uniquePhone()
    const idToken = await verifiedPhoneToken(app, dataDir, phone)
    const taken = await register({ user_name: 'MATTI MEIKÄLÄINE', phone, password: 'secret1', idToken })
    t.equal(taken.statusCode, 409)
    t.same(taken.json(), { message: 'Username already taken' })
    const retry = await register({ user_name: 'Matti 2', phone, password: 'secret1', idToken })
    t.equal(retry.statusCode, 201, 'the same idToken registers another name')
    const again = await register({ user_name: 'Matti 3', phone: uniquePhone(), password: 'secret1', idToken })
    t.equal(again.json<{ message: string }>().message, 'Invalid code', 'but only once')
  })

  t.test('parallel registrations of one name: exactly one wins, the rest get 409', async (t) => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const phone = uniquePhone()
        const idToken = await verifiedPhoneToken(app, dataDir, phone)
        return register({ user_name: i % 2 ? 'Racer' : 'RACER', phone, password: 'secret1', idToken })
      }),
    )
    t.same(attempts.map((a) => a.statusCode).sort(), [201, 409, 409, 409, 409, 409])
    const [row] = await app.sql<{ n: number }[]>`select count(*)::int as n from users where lower(user_name) = 'racer'`
    t.equal(row!.n, 1)
  })

  t.test('a phone registers once', async (t) => {
    const phone = uniquePhone()
    await registerUser(app, dataDir, { user_name: 'First', phone })
    const send = await app.inject(post('/api/phone-verification/send', { phone, purpose: 'register' }))
    t.equal(send.statusCode, 409)
    t.same(send.json(), { message: 'Phonenumber already exists' })
  })

  t.test('an idToken proves one phone for one purpose', async (t) => {
    const phone = uniquePhone()
    const idToken = await verifiedPhoneToken(app, dataDir, phone)
    const otherPhone = await register({ user_name: 'Other', phone: uniquePhone(), password: 'secret1', idToken })
    t.same(otherPhone.json(), { message: 'Invalid code' }, 'not for another phone')
    const forged = await register({
      user_name: 'Forged',
      phone,
      password: 'secret1',
      idToken: idToken.slice(0, -2) + 'xx',
    })
    t.same(forged.json(), { message: 'Invalid code' }, 'not with a broken signature')

    const resetPhone = uniquePhone()
    await registerUser(app, dataDir, { user_name: 'Resetter', phone: resetPhone })
    const resetToken = await verifiedPhoneToken(app, dataDir, resetPhone, 'reset')
    const wrongPurpose = await app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(uniquePhone())}/newpassword`,
      payload: { newPassword: 'whatever', idToken },
    })
    t.same(
      [wrongPurpose.statusCode, wrongPurpose.json()],
      [400, { message: 'Invalid code' }],
      'an unknown phone cannot be reset',
    )
    const resetAsRegister = await register({
      user_name: 'Sneaky',
      phone: resetPhone,
      password: 'secret1',
      idToken: resetToken,
    })
    t.equal(resetAsRegister.statusCode, 400, 'a reset proof does not register')
  })

  t.test('an access token is not an idToken and an idToken is not an access token', async (t) => {
    const user = await registerUser(app, dataDir, { user_name: 'Tokens' })
    const asIdToken = await register({
      user_name: 'Tokens 2',
      phone: uniquePhone(),
      password: 'secret1',
      idToken: user.token,
    })
    t.same(asIdToken.json(), { message: 'Invalid code' })
    const idToken = await verifiedPhoneToken(app, dataDir, uniquePhone())
    const asAccess = await app.inject({ url: '/api/user/protected-route', headers: bearer(idToken) })
    t.equal(asAccess.statusCode, 401)
  })

  t.test('availability checks', async (t) => {
    const phone = uniquePhone()
    await registerUser(app, dataDir, { user_name: 'Taken_Name', phone })
    const check = (payload: object) => app.inject(post('/api/user/check-username', payload))
    t.same((await check({ user_name: 'taken_name' })).json(), { available: false }, 'case-insensitive')
    t.same((await check({ user_name: 'Free Name' })).json(), { available: true })
    t.same((await check({ user_name: 'x' })).json(), { message: 'Username must be 3-16 characters' })
    t.same((await check({})).json(), { message: 'Please fill in all fields' })

    const phoneCheck = (payload: object) => app.inject(post('/api/user/check-phone', payload))
    const national = '0' + phone.slice(4)
    t.same((await phoneCheck({ phone: national, checkType: 'availability' })).json(), { available: false })
    t.same((await phoneCheck({ phone: national, checkType: 'exists' })).json(), { exists: true })
    t.same((await phoneCheck({ phone: uniquePhone(), checkType: 'exists' })).json(), { exists: false })
    const invalid = await phoneCheck({ phone: '12', checkType: 'exists' })
    t.equal(invalid.statusCode, 400)
    t.same(invalid.json(), { message: 'Invalid phonenumber' })
    t.equal((await phoneCheck({ phone: national, checkType: 'maybe' })).statusCode, 400)
  })

  t.test('refresh cookie is Secure behind an https proxy', async (t) => {
    const proxied = await buildTestApp(t, { DATA_DIR: dataDir, TRUST_PROXY: true })
    const phone = uniquePhone()
    const idToken = await verifiedPhoneToken(proxied, dataDir, phone)
    const response = await proxied.inject({
      ...post('/api/user/register', { user_name: 'Secure', phone, password: 'secret1', radius: 5, idToken }),
      headers: { 'x-forwarded-proto': 'https' },
    })
    t.equal(response.statusCode, 201)
    t.equal(response.cookies.find((c) => c.name === 'refresh_token')?.secure, true)
    t.ok(refreshCookie(response))
  })
})
