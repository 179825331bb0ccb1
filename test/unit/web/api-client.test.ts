import t from 'tap'
import { apiFetch, apiPut, connectSession, refreshAccessToken } from '../../../web/src/shared/api/client.ts'
import { ApiError, SessionEndedError } from '../../../web/src/shared/api/errors.ts'
import { login, logout, reportLocation } from '../../../web/src/features/account/api.ts'
import { waitUntil } from '../../wait.ts'

interface Call {
  path: string
  method: string
  authorization: string | null
  contentType: string | null
  credentials: string | undefined
  body: string | undefined
}

/**
 * A fake server behind the global fetch: each answer is produced by `route`, and every call is recorded. The
 * session link keeps its token in a variable, as the slice keeps it in localStorage.
 */
function fakeServer(t: Tap, route: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = []
  const session = { token: 'old-token' as string | null, ended: 0, refreshed: [] as string[], refused: [] as string[] }
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const call: Call = {
      path: input instanceof Request ? input.url : String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? init.body : undefined,
    }
    calls.push(call)
    return route(call, calls.length - 1)
  }
  t.teardown(() => {
    globalThis.fetch = realFetch
  })
  connectSession({
    readToken: () => session.token,
    tokenRefreshed: (token) => {
      session.token = token
      session.refreshed.push(token)
    },
    sessionEnded: () => {
      session.token = null
      session.ended += 1
    },
    refreshRefused: (message) => session.refused.push(message),
  })
  return { calls, session }
}
type Tap = { teardown: (fn: () => void) => void }

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

t.test('every call carries the stored token as a bearer header', async (t) => {
  const { calls } = fakeServer(t, () => json(200, { user: { user_name: 'Ville' } }))
  t.same(await apiFetch('/api/user/protected-route'), { user: { user_name: 'Ville' } })
  t.equal(calls[0]?.authorization, 'Bearer old-token')
  t.equal(calls[0]?.contentType, null, 'no body, no content type')
})

t.test('a JSON body is sent as JSON', async (t) => {
  const { calls } = fakeServer(t, () => json(200, { user: {} }))
  await apiPut('/api/user/radius', { radius: 12 })
  t.match(calls[0], { method: 'PUT', contentType: 'application/json', body: '{"radius":12}' })
})

t.test('the cookie-authenticated calls send JSON, as the server requires of them (docs/security.md)', async (t) => {
  const { calls } = fakeServer(t, (call) =>
    call.path === '/api/user/logout' ? new Response(null, { status: 204 }) : json(200, { token: 't', user: {} }),
  )
  await login('Ville', 'secret')
  await logout()
  t.match(calls[0], { path: '/api/user/login', method: 'POST', contentType: 'application/json' })
  t.match(calls[1], { path: '/api/user/logout', method: 'POST', contentType: 'application/json', body: '{}' })
})

t.test('a 401 refreshes once (credentials, JSON), stores the new token and retries once', async (t) => {
  const { calls, session } = fakeServer(t, (call) => {
    if (call.path === '/api/user/refresh-token') return json(200, { accessToken: 'new-token' })
    return call.authorization === 'Bearer new-token' ? json(200, { ok: true }) : json(401, { message: 'Token expired' })
  })
  t.same(await apiFetch('/api/user/protected-route'), { ok: true })
  t.same(
    calls.map((call) => [call.path, call.authorization]),
    [
      ['/api/user/protected-route', 'Bearer old-token'],
      ['/api/user/refresh-token', null],
      ['/api/user/protected-route', 'Bearer new-token'],
    ],
  )
  t.match(calls[1], { method: 'POST', credentials: 'include', contentType: 'application/json', body: '{}' })
  t.equal(session.token, 'new-token', 'stored')
  t.equal(session.ended, 0)
})

t.test('a refused refresh ends the session and the call fails with 401', async (t) => {
  const { calls, session } = fakeServer(t, (call) =>
    call.path === '/api/user/refresh-token' ? json(401, { message: 'No session' }) : json(401, { message: 'Expired' }),
  )
  const error = await apiFetch('/api/user/protected-route').catch((caught: unknown) => caught)
  t.ok(error instanceof SessionEndedError && error.status === 401, 'SessionEndedError, an ApiError 401')
  t.equal(calls.length, 2, 'no retry without a new token')
  t.equal(session.ended, 1, 'logged out')
  t.equal(session.token, null)
})

t.test('a refresh refused with 403 tells its words before the session ends (a suspended account)', async (t) => {
  const refusal = 'Account banned: Spam'
  const { session } = fakeServer(t, (call) =>
    call.path === '/api/user/refresh-token' ? json(403, { message: refusal }) : json(401, { message: 'Unauthorized' }),
  )
  const error = await apiFetch('/api/requests').catch((caught: unknown) => caught)
  t.ok(error instanceof SessionEndedError && error.status === 401, 'the call fails with 401')
  t.same(session.refused, [refusal], 'the words reach the session')
  t.equal(session.ended, 1, 'and the session ends')
})

t.test('a 401 on the retry ends the session too: never a second refresh', async (t) => {
  const { calls, session } = fakeServer(t, (call) =>
    call.path === '/api/user/refresh-token' ? json(200, { accessToken: 'new-token' }) : json(401, { message: 'Nope' }),
  )
  await t.rejects(apiFetch('/api/user/protected-route'), { name: 'SessionEndedError', status: 401 })
  t.equal(calls.filter((call) => call.path === '/api/user/refresh-token').length, 1)
  t.equal(calls.length, 3)
  t.equal(session.ended, 1)
})

t.test('parallel 401s share one refresh (a rotated refresh token must not be presented twice)', async (t) => {
  const { calls } = fakeServer(t, async (call) => {
    if (call.path === '/api/user/refresh-token') {
      // The refresh answers once all three calls have had their 401: each of them then knows of the refresh.
      await waitUntil(
        () =>
          calls.filter((c) => c.path !== '/api/user/refresh-token' && !c.authorization?.endsWith('new-token'))
            .length === 3,
      )
      return json(200, { accessToken: 'new-token' })
    }
    return call.authorization === 'Bearer new-token' ? json(200, { path: call.path }) : json(401, {})
  })
  const answers = await Promise.all(['/api/a', '/api/b', '/api/c'].map((path) => apiFetch(path)))
  t.same(answers, [{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }])
  t.equal(calls.filter((call) => call.path === '/api/user/refresh-token').length, 1)
})

t.test('public calls send no token and a 401 there is an answer, not an expired session', async (t) => {
  const { calls, session } = fakeServer(t, () => json(401, { message: 'Invalid username or password' }))
  await t.rejects(apiFetch('/api/user/login', { method: 'POST', body: {}, auth: false }), {
    status: 401,
    message: 'Invalid username or password',
  })
  t.equal(calls.length, 1, 'no refresh')
  t.equal(calls[0]?.authorization, null)
  t.equal(session.ended, 0)
})

t.test('without a stored token there is nothing to refresh', async (t) => {
  const { calls, session } = fakeServer(t, () => json(401, {}))
  session.token = null
  const error = await apiFetch('/api/user/protected-route').catch((caught: unknown) => caught)
  t.ok(error instanceof ApiError && !(error instanceof SessionEndedError) && error.status === 401, 'a 401, no end')
  t.equal(calls.length, 1)
  t.equal(calls[0]?.authorization, null)
})

t.test(
  'errors carry the status and the server message; the PUT helper falls back to "Request update failed"',
  async (t) => {
    fakeServer(t, (call) =>
      call.path === '/api/with-message'
        ? json(409, { message: 'Username already taken' })
        : new Response('', { status: 500 }),
    )
    await t.rejects(apiPut('/api/with-message', {}), { status: 409, message: 'Username already taken' })
    await t.rejects(apiPut('/api/without', {}), { status: 500, message: 'Request update failed' })
    await t.rejects(apiFetch('/api/without'), { status: 500, message: 'HTTP 500' })
  },
)

t.test('204 answers resolve to undefined', async (t) => {
  fakeServer(t, () => new Response(null, { status: 204 }))
  t.equal(await apiFetch('/api/user', { method: 'DELETE' }), undefined)
})

t.test('an unreachable server is ApiError 0, and does not end the session', async (t) => {
  const { session } = fakeServer(t, () => {
    throw new TypeError('Failed to fetch')
  })
  await t.rejects(apiFetch('/api/user/protected-route'), { name: 'ApiError', status: 0 })
  await t.rejects(refreshAccessToken(), { name: 'ApiError', status: 0 })
  t.equal(session.ended, 0)
  t.equal(session.token, 'old-token')
})

t.test('a refresh answered 429 or 5xx is no verdict: the error reaches the caller and the session stays', async (t) => {
  for (const status of [429, 503]) {
    const { session } = fakeServer(t, (call) =>
      call.path === '/api/user/refresh-token' ? json(status, { message: 'Busy' }) : json(401, { message: 'Expired' }),
    )
    await t.rejects(apiFetch('/api/user/protected-route'), { name: 'ApiError', status, message: 'Busy' })
    t.equal(session.ended, 0, `${status}: not logged out`)
    t.equal(session.token, 'old-token')
  }
})

t.test(
  'a location report the server finds too soon (429) waits the Retry-After it names and is sent once more',
  async (t) => {
    const tooSoon = () =>
      new Response(JSON.stringify({ message: 'Location reported too often, try again shortly' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '7' },
      })
    const place = { latitude: 60.17, longitude: 24.94 }
    const waited: number[] = []
    const wait = async (ms: number) => {
      waited.push(ms)
    }

    const { calls } = fakeServer(t, (_call, index) => (index === 0 ? tooSoon() : json(200, place)))
    t.same(await reportLocation(place, wait), place)
    t.same(waited, [7000], 'waited as long as the server said')
    t.equal(calls.length, 2)

    const refused = fakeServer(t, () => tooSoon())
    await t.rejects(reportLocation(place, wait), { name: 'ApiError', status: 429, retryAfterSeconds: 7 })
    t.equal(refused.calls.length, 2, 'only once more')
  },
)
