import { PassThrough } from 'node:stream'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig } from '../../../server/config.ts'
import { normalisePhone } from '../../../server/domain/accounts/phone.ts'
import {
  bearer,
  clientAddress,
  latestCode,
  refreshCookie,
  registerUser,
  uniquePhone,
  verifiedPhoneToken,
} from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'

/** Every log line the server writes, as one string. */
function captureLogs(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough()
  const chunks: string[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(String(chunk)))
  return { stream, text: () => chunks.join('') }
}

/** "+358401234567" as a person types it: "040 123 4567". */
const typedForm = (e164: string) => `0${e164.slice(4, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

t.test('a whole account and request flow at LOG_LEVEL=trace logs no secret', async (t) => {
  const dataDir = tempDir(t)
  const logs = captureLogs()
  const app = await buildTestApp(t, { DATA_DIR: dataDir, LOG_LEVEL: 'trace' }, { logStream: logs.stream })
  const secrets = new Map<string, string>()
  const keep = (what: string, value: string | undefined) => {
    if (!value) throw new Error(`no ${what} to look for`)
    secrets.set(what, value)
    return value
  }

  // Register, as typed: "040 123 4567".
  const e164 = keep('phone (E.164)', uniquePhone())
  const typed = keep('phone (typed)', typedForm(e164))
  keep('phone (national digits)', e164.slice(4))
  t.equal(normalisePhone(typed), e164)
  const password = keep('password', `pw-${Math.random().toString(36).slice(2)}-secret`)
  const idToken = keep('idToken', await verifiedPhoneToken(app, dataDir, typed))
  keep('SMS code', latestCode(dataDir, e164))
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      user_name: 'Logged Owner',
      phone: typed,
      password,
      radius: 10,
      latitude: 60.17,
      longitude: 24.94,
      idToken,
    },
    remoteAddress: clientAddress(),
  })
  t.equal(registered.statusCode, 201)
  keep('access token (register)', registered.json<{ token: string }>().token)
  keep('refresh cookie (register)', refreshCookie(registered))

  // A wrong password, then the right one.
  const wrongPassword = keep('wrong password', 'not-my-password-at-all')
  const refused = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { identifier: typed, password: wrongPassword },
  })
  t.equal(refused.statusCode, 401)
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { identifier: typed, password } })
  t.equal(login.statusCode, 200)
  const token = keep('access token (login)', login.json<{ token: string }>().token)
  const cookie = keep('refresh cookie (login)', refreshCookie(login))

  // A live event stream over a real socket: the token travels in the first message.
  const base = await listen(app)
  const events = await openEvents(base, token)
  t.teardown(() => events.close())
  await events.next((event) => event.type === 'ready')

  // Create a request; another person takes it over.
  const created = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: bearer(token),
    payload: {
      category: 'bicycle_maintenance',
      description: 'Flat tyre',
      latitude: 60.1699,
      longitude: 24.9384,
      isApproximate: 0,
    },
  })
  t.equal(created.statusCode, 201)
  const requestId = created.json<{ request_id: number }>().request_id
  const helper = await registerUser(app, dataDir, { user_name: 'Logged Helper', password: 'helper-secret-pw' })
  keep('helper phone', helper.user.phone)
  keep('helper password', helper.password)
  keep('helper token', helper.token)
  keep('helper cookie', helper.cookie)
  keep('helper SMS code', latestCode(dataDir, helper.user.phone))
  const taken = await app.inject({
    method: 'PUT',
    url: `/api/requests/${requestId}/addresponder`,
    headers: bearer(helper.token),
  })
  t.equal(taken.statusCode, 200)
  await events.next((event) => event.type === 'request.upserted' && event.request?.status === 'in progress')

  // Refresh the session, then reset the password through the phone-in-the-URL route.
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/user/refresh-token',
    payload: {},
    cookies: { refresh_token: cookie },
  })
  t.equal(refreshed.statusCode, 200)
  const freshToken = keep('access token (refresh)', refreshed.json<{ accessToken: string }>().accessToken)
  const freshCookie = keep('refresh cookie (refresh)', refreshCookie(refreshed))
  events.socket.send(JSON.stringify({ type: 'auth', token: freshToken }))

  const resetToken = keep('idToken (reset)', await verifiedPhoneToken(app, dataDir, typed, 'reset'))
  keep('SMS code (reset)', latestCode(dataDir, e164))
  const newPassword = keep('new password', `new-${Math.random().toString(36).slice(2)}-secret`)
  const reset = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(typed)}/newpassword`,
    payload: { newPassword, idToken: resetToken },
    remoteAddress: clientAddress(),
  })
  t.equal(reset.statusCode, 200, reset.body)
  const again = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(e164)}/newpassword`,
    payload: { newPassword, idToken: resetToken },
    remoteAddress: clientAddress(),
  })
  t.equal(again.statusCode, 400, 'a spent proof is refused (and its refusal logged)')

  const logout = await app.inject({
    method: 'POST',
    url: '/api/user/logout',
    payload: {},
    headers: bearer(freshToken),
    cookies: { refresh_token: freshCookie },
  })
  t.equal(logout.statusCode, 204)
  await events.closed

  const text = logs.text()
  t.ok(text.split('\n').length > 30, 'the log is not empty')
  t.match(text, /"reqId":"[0-9a-f-]{36}"/, 'lines carry request ids')
  t.match(text, /"url":"\/api\/user\/[^"/]*\/newpassword"/, 'the reset request is logged, with its phone masked')
  for (const [what, value] of secrets) {
    // Digits-only secrets (codes, numbers) must not be matched inside longer numbers such as timestamps.
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const pattern = /^\d{1,8}$/.test(value) ? new RegExp(`(?<!\\d)${escaped}(?!\\d)`) : new RegExp(escaped)
    t.notOk(pattern.test(text), `no ${what} in the log`)
    const encoded = encodeURIComponent(value)
    if (encoded !== value) t.notOk(text.includes(encoded), `no URL-encoded ${what} in the log`)
  }
})

t.test(
  'a refused setting is not echoed when it is a secret (the message goes to stderr, and on to logs)',
  async (t) => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        if (error instanceof ConfigError) return error.message
      }
      throw new Error(`${JSON.stringify(env)} was accepted`)
    }
    // SMS_GATEWAY_TOKEN takes any value, so it is never refused.
    for (const variable of ['JWT_SECRET', 'METRICS_TOKEN', 'VAPID_PRIVATE_KEY']) {
      const message = refused({ [variable]: 'short secret !' })
      t.match(
        message,
        new RegExp(`^Invalid environment variable ${variable}: expected .*, got a value of 14 characters`),
      )
      t.notMatch(message, 'short secret', `${variable}'s value is not shown`)
    }
    const url = refused({ DATABASE_URL: 'postgress://app:hunter2-password@db.example/app' })
    t.match(url, 'postgress://app:***@db.example/app', 'a URL is shown with its password masked')
    t.notMatch(url, 'hunter2')
  },
)
