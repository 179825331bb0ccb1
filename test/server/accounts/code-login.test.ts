import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer, clientAddress, readOutbox, uniquePhone, verifiedPhoneToken } from '../../accounts.ts'
import { signedInUser } from '../../signed-in.ts'
import type { Purpose } from '../../../server/domain/accounts/phone-validation.ts'

const INVALID_LOGIN = { message: 'Invalid username or password' }
const INVALID_CODE = { message: 'Invalid code' }
const TOO_MANY = { message: 'Too many attempts, try again later' }

t.test('login with a code sent to the phone', async (t) => {
  const dataDir = tempDir(t)
  // The per-address request limit of account endpoints is another mechanism: out of the way here.
  const app = await buildTestApp(t, { DATA_DIR: dataDir, ACCOUNT_REQUESTS_PER_MINUTE: 100_000 })
  const passwordLogin = (identifier: string, password: string, remoteAddress = clientAddress()) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { identifier, password }, remoteAddress })
  const codeLogin = (idToken: string, remoteAddress = clientAddress()) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { idToken }, remoteAddress })
  const send = (phone: string, purpose: Purpose, remoteAddress = clientAddress()) =>
    app.inject({ method: 'POST', url: '/api/phone-verification/send', payload: { phone, purpose }, remoteAddress })
  const loginToken = (phone: string) => verifiedPhoneToken(app, dataDir, phone, 'login')

  t.test('signs in while parallel wrong passwords from 40 addresses hold the password login back', async (t) => {
    const phone = uniquePhone()
    const owner = await signedInUser(app, { user_name: 'Besieged', phone })
    const userId = owner.user.user_id
    const guesses = () => Promise.all(Array.from({ length: 40 }, (_, i) => passwordLogin('Besieged', `guess-${i}`)))
    const burst = await guesses()
    t.notOk(
      burst.some((a) => a.statusCode === 200),
      'no guess got in',
    )
    t.ok(
      burst.some((a) => a.statusCode === 429),
      'the account is slowed down',
    )
    // The attacker keeps the account at its longest spacing (docs/security.md, "Password guessing").
    await app.sql`
      insert into login_attempts (account_key, ip, attempted_at)
      select ${'user:' + userId}, '203.0.113.' || i, now() from generate_series(1, 16) as i`
    const byPassword = await passwordLogin('Besieged', owner.password)
    t.equal(byPassword.statusCode, 429, 'the right password from a new phone must wait')

    // The owner asks for a code and logs in with it while the attack goes on.
    const [, signedIn] = await Promise.all([guesses(), loginToken(phone).then((idToken) => codeLogin(idToken))])
    t.equal(signedIn.statusCode, 200, 'the code login is not held back by the password failures')
    const answer = signedIn.json<{ token: string; user: { user_id: number } }>()
    t.equal(answer.user.user_id, userId)
    t.match(
      signedIn.cookies.find((c) => c.name === `device_${userId}`),
      { path: '/api/user/login', httpOnly: true, sameSite: 'Strict' },
      'with a device cookie, as a password login',
    )
    t.ok(
      signedIn.cookies.some((c) => c.name === 'refresh_token'),
      'and a refresh cookie',
    )
    const me = await app.inject({ method: 'GET', url: '/api/user/protected-route', headers: bearer(answer.token) })
    t.equal(me.statusCode, 200, 'the session works')
    await app.phoneVerification.delivered()
    t.match(readOutbox(dataDir).at(-1), { to: phone, purpose: 'login' }, 'the code went to the account phone')
  })

  t.test('an unknown number gets the same answer, and no SMS', async (t) => {
    const known = uniquePhone()
    await signedInUser(app, { user_name: 'KnownPhone', phone: known })
    const stranger = uniquePhone()
    const [forKnown, forStranger] = [await send(known, 'login'), await send(stranger, 'login')]
    t.same([forStranger.statusCode, forStranger.json()], [202, { resendAfter: 30 }])
    t.same([forStranger.statusCode, forStranger.body], [forKnown.statusCode, forKnown.body], 'the same answer')
    await app.phoneVerification.delivered()
    t.equal(readOutbox(dataDir).filter((m) => m.to === stranger).length, 0, 'nothing sent to the unknown number')
    t.equal(readOutbox(dataDir).filter((m) => m.to === known && m.purpose === 'login').length, 1, 'one to the known')
    const guessed = await app.inject({
      method: 'POST',
      url: '/api/phone-verification/verify',
      payload: { phone: stranger, code: '123456' },
      remoteAddress: clientAddress(),
    })
    t.same(guessed.json(), INVALID_CODE, "the unknown number's unsent code is not guessed")
  })

  t.test("a proof of a number without an account is the login's usual refusal", async (t) => {
    const phone = uniquePhone()
    const leaving = await signedInUser(app, { user_name: 'Leaving', phone })
    const idToken = await loginToken(phone)
    const deleted = await app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(leaving.token) })
    t.equal(deleted.statusCode, 204, 'the account is deleted after the code was verified')
    const refused = await codeLogin(idToken)
    t.same([refused.statusCode, refused.json()], [401, INVALID_LOGIN])
    const forged = await codeLogin('not-a-proof')
    t.same([forged.statusCode, forged.json()], [401, INVALID_LOGIN], 'so is a token that proves nothing')
    const registered = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        user_name: 'Returning',
        phone,
        password: 'a password',
        radius: '10',
        latitude: 60.17,
        longitude: 24.94,
        idToken,
      },
      remoteAddress: clientAddress(),
    })
    t.same(
      [registered.statusCode, registered.json()],
      [400, INVALID_CODE],
      'nor does a login proof register the number',
    )
  })

  t.test('a proof is good for its own purpose only', async (t) => {
    const phone = uniquePhone()
    const holder = await signedInUser(app, { user_name: 'Purposeful', phone })
    const resetProof = await verifiedPhoneToken(app, dataDir, phone, 'reset')
    t.same((await codeLogin(resetProof)).json(), INVALID_LOGIN, 'a reset proof does not log in')
    const newPhone = uniquePhone()
    const registerProof = await verifiedPhoneToken(app, dataDir, newPhone, 'register')
    await signedInUser(app, { user_name: 'LateComer', phone: newPhone })
    t.same((await codeLogin(registerProof)).json(), INVALID_LOGIN, 'a registration proof does not log in')

    const loginProof = await loginToken(phone)
    const reset = await app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(phone)}/newpassword`,
      payload: { newPassword: 'another password', idToken: loginProof },
      remoteAddress: clientAddress(),
    })
    t.same([reset.statusCode, reset.json()], [400, INVALID_CODE], 'a login proof does not reset the password')
    t.equal(
      (await passwordLogin('Purposeful', holder.password)).statusCode,
      200,
      'the password was not changed by any of them',
    )
    t.equal((await codeLogin(loginProof)).statusCode, 200, 'and the login proof still logs in')
  })

  t.test('a proof logs in once: a replay, even in parallel, gets no second session', async (t) => {
    const phone = uniquePhone()
    const owner = await signedInUser(app, { user_name: 'OnceOnly', phone })
    const idToken = await loginToken(phone)
    const sessionsOf = async () => {
      const [row] = await app.sql<{ count: number }[]>`
        select count(*)::int from sessions where user_id = ${owner.user.user_id}`
      return row!.count
    }
    const before = await sessionsOf()
    const answers = await Promise.all(Array.from({ length: 6 }, () => codeLogin(idToken)))
    t.same(answers.map((a) => a.statusCode).sort(), [200, 401, 401, 401, 401, 401])
    t.same(answers.find((a) => a.statusCode === 401)!.json(), INVALID_LOGIN)
    t.same((await codeLogin(idToken)).json(), INVALID_LOGIN, 'a later replay too')
    t.equal(await sessionsOf(), before + 1, 'exactly one session started')
  })

  t.test('login codes count against the SMS limits of the phone', async (t) => {
    const phone = uniquePhone()
    await signedInUser(app, { user_name: 'Capped', phone })
    t.equal((await send(phone, 'reset')).statusCode, 202)
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(phone, 'login')))
    t.equal(answers.filter((a) => a.statusCode === 202).length, 2, 'with a reset code, 3 per 10 minutes in all')
    t.same(answers.find((a) => a.statusCode === 429)!.json(), TOO_MANY)
    const stranger = uniquePhone()
    const forStranger = await Promise.all(Array.from({ length: 5 }, () => send(stranger, 'login')))
    t.same(forStranger.map((a) => a.statusCode).sort(), [202, 202, 202, 429, 429], 'an unknown number is limited alike')
  })
})

t.test('login codes count against the per-address limit and the daily cap', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, {
    DATA_DIR: dataDir,
    SMS_PER_IP_PER_HOUR: 3,
    SMS_DAILY_CAP: 5,
    ACCOUNT_REQUESTS_PER_MINUTE: 1000,
  })
  const send = (phone: string, remoteAddress = clientAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/phone-verification/send',
      payload: { phone, purpose: 'login' },
      remoteAddress,
    })
  const phones = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const phone = uniquePhone()
      await signedInUser(app, { user_name: `Daily${i}`, phone })
      return phone
    }),
  )
  const address = '203.0.113.9'
  const fromOne = await Promise.all(phones.slice(0, 5).map((phone) => send(phone, address)))
  t.equal(fromOne.filter((a) => a.statusCode === 202).length, 3, '5 parallel from one address: its 3 per hour')
  const fromMany = await Promise.all(phones.slice(3).map((phone) => send(phone)))
  t.equal(fromMany.filter((a) => a.statusCode === 202).length, 2, 'the daily cap of 5 holds for everyone')
  await app.phoneVerification.delivered()
  t.equal(readOutbox(dataDir).length, 5, 'exactly 5 SMS sent')
})
