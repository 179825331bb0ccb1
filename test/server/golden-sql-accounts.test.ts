import t from 'tap'
import { normalisePhone } from '../../server/domain/accounts/phone.ts'
import { bearer, clientAddress, refreshCookie, sentCode, uniquePhone, type UserJson } from '../accounts.ts'
import { goldenSqlApp } from '../golden-sql.ts'
import { tempDir } from '../helper.ts'
import { browserSubscription, startPushService } from '../push-service.ts'
import { actorFor, type Json } from '../requests.ts'
import { signedIn } from '../signed-in.ts'

/**
 * The SQL of each change of an account (docs/accounts.md): the phone code, registration, the logins and sessions,
 * each setting, the push subscription and its practice alert and receipt, a block lifted, a password reset and the
 * account's deletion. How the statements are recorded and compared: test/golden-sql.ts.
 */

t.test('the SQL of each account change matches its golden copy', async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const { app, record, compare } = await goldenSqlApp(
    t,
    { DATA_DIR: dataDir, PUSH_ENDPOINT_HOSTS: service.allowlistEntry, PUBLIC_URL: 'https://pyoraapu.example' },
    { pushCa: service.ca },
  )
  const remoteAddress = clientAddress()
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) => {
    const response = await app.inject({ method, url, payload, headers, remoteAddress })
    return { status: response.statusCode, body: response.body ? response.json<Json>() : {}, response }
  }
  const phone = uniquePhone()
  /** A phone code sent, delivered (after the answer, so outside the recording of the next call) and verified. */
  const verified = async (purpose: string, names: [string, string] | null) => {
    const send = () => call('POST', '/api/phone-verification/send', { phone, purpose })
    if (names) await record(names[0], `POST /api/phone-verification/send (${purpose})`, 202, send)
    else t.equal((await send()).status, 202)
    const code = await sentCode(app, dataDir, normalisePhone(phone))
    const verify = () => call('POST', '/api/phone-verification/verify', { phone, code })
    const answer = names ? await record(names[1], 'POST /api/phone-verification/verify', 200, verify) : await verify()
    return answer.body.idToken as string
  }

  const idToken = await verified('register', ['phone-code-send', 'phone-code-verify'])
  const registered = await record('register', 'POST /api/user/register', 201, () =>
    call('POST', '/api/user/register', {
      user_name: 'Matti',
      phone,
      password: 'first password',
      radius: 10,
      latitude: 60.17,
      longitude: 24.94,
      idToken,
    }),
  )
  const token = registered.body.token as string
  const me = actorFor(app, {
    token,
    cookie: refreshCookie(registered.response)!,
    user: registered.body.user as UserJson,
    password: 'first password',
  })
  const loggedIn = await record('login', 'POST /api/user/login (a password)', 200, () =>
    call('POST', '/api/user/login', { identifier: 'Matti', password: 'first password' }),
  )
  const cookie = refreshCookie(loggedIn.response)!
  await record('refresh', 'POST /api/user/refresh-token', 200, async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/refresh-token',
      payload: {},
      cookies: { refresh_token: cookie },
      remoteAddress,
    })
    return { status: response.statusCode }
  })
  const codeProof = await verified('login', null)
  await record('code-login', 'POST /api/user/login (a phone code)', 200, () =>
    call('POST', '/api/user/login', { idToken: codeProof }),
  )

  await record('username', 'PUT /api/user/username', 200, () =>
    me.send('PUT', '/api/user/username', { user_name: 'MattiV' }),
  )
  await record('radius', 'PUT /api/user/radius', 200, () => me.send('PUT', '/api/user/radius', { radius: 25 }))
  await record('language', 'PUT /api/user/language', 200, () =>
    me.send('PUT', '/api/user/language', { language: 'swedish' }),
  )
  await record('password', 'PUT /api/user/password', 200, () =>
    me.send('PUT', '/api/user/password', { oldPassword: 'first password', newPassword: 'second password' }),
  )
  await record('notification-preferences', 'PUT /api/user/notification-preferences', 200, () =>
    me.send('PUT', '/api/user/notification-preferences', { quietStart: '22:00', quietEnd: '07:00', hourlyCap: 6 }),
  )
  await record('available-to-help', 'PUT /api/user/available-to-help', 200, () =>
    me.send('PUT', '/api/user/available-to-help', { availableToHelp: true, for: '3h' }),
  )
  await record('abilities', 'PUT /api/user/abilities', 200, () =>
    me.send('PUT', '/api/user/abilities', {
      kit: ['pump_presta'],
      transport: ['cargo_bike'],
      firstAid: true,
      languages: ['fi', 'en'],
    }),
  )
  await record('location', 'PUT /api/user/location', 200, () =>
    me.send('PUT', '/api/user/location', { latitude: 60.18, longitude: 24.95 }),
  )

  const device = browserSubscription(service.origin, 'matti')
  await record('subscribe', 'POST /api/subscriptions/subscribe', 201, () =>
    me.send('POST', '/api/subscriptions/subscribe', { subscription: device.json }),
  )
  await record('practice-alert', 'POST /api/user/test-alert', 202, () => me.send('POST', '/api/user/test-alert'))
  const [job] = await app.sql<{ receipt: string }[]>`
    select receipt from push_jobs where receipt is not null order by job_id desc limit 1
  `
  await record('push-receipt', 'POST /api/push/receipts/:receipt', 204, () =>
    call('POST', `/api/push/receipts/${job!.receipt}`),
  )
  await record('unsubscribe', 'POST /api/subscriptions/unsubscribe', 200, () =>
    me.send('POST', '/api/subscriptions/unsubscribe', { endpoint: device.json.endpoint }),
  )

  const other = await signedIn(app, 'Other')
  const id = (await other.create()).body.request_id
  const blocked = await me.send<{ block_id: number }>('POST', `/api/requests/${id}/block`, { about: 'owner' })
  t.equal(blocked.status, 201)
  await record('unblock', 'DELETE /api/user/blocks/:block_id', 204, () =>
    me.send('DELETE', `/api/user/blocks/${blocked.body.block_id}`),
  )
  await record('logout', 'POST /api/user/logout', 204, () =>
    call('POST', '/api/user/logout', {}, { ...bearer(token), cookie: `refresh_token=${cookie}` }),
  )

  const resetProof = await verified('reset', null)
  await record('password-reset', 'PUT /api/user/:phone/newpassword', 200, () =>
    call('PUT', `/api/user/${encodeURIComponent(phone)}/newpassword`, {
      newPassword: 'third password',
      idToken: resetProof,
    }),
  )
  const again = await call('POST', '/api/user/login', { identifier: 'MattiV', password: 'third password' })
  t.equal(again.status, 200)
  await record('delete-account', 'DELETE /api/user', 204, () =>
    call('DELETE', '/api/user', undefined, bearer(again.body.token as string)),
  )

  compare()
})
