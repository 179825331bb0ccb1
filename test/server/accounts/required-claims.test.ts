import t from 'tap'
import { bearer, clientAddress, uniquePhone, verifiedPhoneToken } from '../../accounts.ts'
import { openEvents } from '../../event-client.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { craftJwt, decodeJwt } from '../../jwt.ts'
import { signedInUser } from '../../signed-in.ts'

const SECRET = 'a-test-secret-that-is-long-enough-0123'

/** A copy of `token` signed with the right secret, without `claim`: a token fast-jwt checks only when present. */
function without(token: string, claim: 'aud' | 'iss'): string {
  const { [claim]: _dropped, ...rest } = decodeJwt(token)
  return craftJwt(rest, { secret: SECRET })
}

/**
 * Our tokens always name their issuer and audience; one without either claim is refused everywhere a token is
 * taken (docs/security.md, "Tokens and cursors"), even when signed with the right secret.
 */
t.test('tokens without an audience or an issuer are refused', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, JWT_SECRET: SECRET })
  const user = await signedInUser(app, { user_name: 'Claimed' })
  const me = (token: string) => app.inject({ url: '/api/user/protected-route', headers: bearer(token) })

  t.test('for the API', async (t) => {
    t.equal((await me(craftJwt(decodeJwt(user.token), { secret: SECRET }))).statusCode, 200, 'a faithful copy works')
    t.equal((await me(without(user.token, 'aud'))).statusCode, 401, 'no audience')
    t.equal((await me(without(user.token, 'iss'))).statusCode, 401, 'no issuer')
  })

  t.test('for the live event stream', async (t) => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const faithful = await openEvents(base, craftJwt(decodeJwt(user.token), { secret: SECRET }))
    t.pass('a faithful copy authenticates the stream')
    faithful.close()
    for (const claim of ['aud', 'iss'] as const) {
      const client = await openEvents(base, undefined)
      client.socket.send(JSON.stringify({ type: 'auth', token: without(user.token, claim) }))
      // Whichever comes first: the stream accepting the token (ready) or closing on it.
      const ready = new Promise<string>((resolve) =>
        client.socket.on('message', () => {
          if (client.events.some((event) => event.type === 'ready')) resolve('accepted (ready)')
        }),
      )
      const outcome = await Promise.race([ready, client.closed.then(({ code }) => `closed with ${code}`)])
      t.equal(outcome, 'closed with 4401', `no ${claim === 'aud' ? 'audience' : 'issuer'}`)
      client.close()
    }
  })

  t.test('as a phone proof for registering', async (t) => {
    const phone = uniquePhone()
    const idToken = await verifiedPhoneToken(app, dataDir, phone)
    const register = (proof: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          user_name: 'Unclaimed',
          phone,
          password: 'secret1',
          radius: 10,
          latitude: null,
          longitude: null,
          idToken: proof,
        },
        remoteAddress: clientAddress(),
      })
    for (const claim of ['aud', 'iss'] as const) {
      const answer = await register(without(idToken, claim))
      t.same([answer.statusCode, answer.json()], [400, { message: 'Invalid code' }], `no ${claim}`)
    }
    t.equal((await register(idToken)).statusCode, 201, 'the proof itself still works (it was not spent)')
  })

  t.test('as a phone proof for a new password', async (t) => {
    const phone = uniquePhone()
    await signedInUser(app, { user_name: 'Resetting', phone })
    const idToken = await verifiedPhoneToken(app, dataDir, phone, 'reset')
    const reset = (proof: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(phone)}/newpassword`,
        payload: { newPassword: 'another1', idToken: proof },
        remoteAddress: clientAddress(),
      })
    for (const claim of ['aud', 'iss'] as const) {
      const answer = await reset(without(idToken, claim))
      t.same([answer.statusCode, answer.json()], [400, { message: 'Invalid code' }], `no ${claim}`)
    }
    t.equal((await reset(idToken)).statusCode, 200, 'the proof itself still works (it was not spent)')
  })
})
