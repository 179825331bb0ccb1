import t from 'tap'
import { refreshInWorker, type WorkerScope } from '../../../../web/src/features/outbox/worker-token.ts'

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (payload: object) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`

function scope(answer: () => Promise<Response>): WorkerScope & { calls: Array<{ input: string; init: RequestInit }> } {
  const calls: Array<{ input: string; init: RequestInit }> = []
  return {
    calls,
    fetch: async (input, init) => {
      calls.push({ input, init })
      return answer()
    },
    windows: async () => [],
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

t.test('the worker trades the refresh cookie for a token, and sends only that token’s user’s items', async (t) => {
  const accessToken = token({ sub: '42', exp: 2_000_000_000 })
  const worker = scope(async () => json(200, { accessToken, user: { user_id: 42 } }))
  t.same(await refreshInWorker(worker), { token: accessToken, userId: 42 })
  const [call] = worker.calls
  t.equal(call?.input, '/api/user/refresh-token')
  t.equal(call?.init.method, 'POST')
  t.equal(call?.init.body, '{}')
  t.equal(call?.init.credentials, 'include', 'the refresh cookie goes with it')
  t.match(call?.init.headers, { 'Content-Type': 'application/json' })
})

t.test('a refused refresh means the session is over: nothing is sent', async (t) => {
  t.equal(await refreshInWorker(scope(async () => json(401, { message: 'Session expired, log in again' }))), null)
  t.equal(await refreshInWorker(scope(async () => json(403, { message: 'Account banned: spam' }))), null)
})

t.test('no usable answer: rejected, so the browser fires the sync again later', async (t) => {
  await t.rejects(
    refreshInWorker(
      scope(async () => {
        throw new TypeError('Failed to fetch')
      }),
    ),
  )
  await t.rejects(refreshInWorker(scope(async () => json(503, { message: 'Service Unavailable' }))))
  await t.rejects(refreshInWorker(scope(async () => json(200, { accessToken: 'not a token' }))))
})
