import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { bearer, refreshCookie } from '../../accounts.ts'
import { buildTestApp, twoInstances } from '../../helper.ts'
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/domain/accounts/sessions.ts'
import { signedInUser } from '../../signed-in.ts'

/**
 * A refresh token presented again within the grace window (its answer was lost) is answered the session's current
 * token, never a new one: the session stays one chain, however many copies of the old token come back, in
 * parallel or on other instances (docs/accounts.md, "Tokens").
 */

const refresh = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/user/refresh-token', payload: {}, cookies: { refresh_token: cookie } })

/** The refresh tokens of the user's sessions: how many there are, and how many are still unexchanged (chain ends). */
async function chains(app: FastifyInstance, userId: number) {
  const [row] = await app.sql<{ tokens: number; current: number }[]>`
    select count(*)::int as tokens, count(*) filter (where rotated_at is null)::int as current
    from refresh_tokens join sessions using (session_id) where user_id = ${userId}`
  return row!
}

t.test('a replay within the grace window answers the same successor, and the session stays one chain', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedInUser(app, { user_name: 'Replayer' })
  const first = await refresh(app, user.cookie)
  t.equal(first.statusCode, 200)
  const successor = refreshCookie(first)!
  t.not(successor, user.cookie, 'the token is rotated')

  const replay = await refresh(app, user.cookie)
  t.equal(replay.statusCode, 200, 'the old token works again within the grace window')
  t.equal(refreshCookie(replay), successor, 'and is answered the same successor')
  t.equal((await refresh(app, user.cookie)).statusCode, 200, 'a third time too')
  t.same(await chains(app, user.user.user_id), { tokens: 2, current: 1 }, 'one chain: the old token and its successor')
  const token = replay.json<{ accessToken: string }>().accessToken
  t.equal((await app.inject({ url: '/api/user/protected-route', headers: bearer(token) })).statusCode, 200)

  const next = await refresh(app, successor)
  t.equal(next.statusCode, 200, 'the successor goes on as usual')
  t.not(refreshCookie(next), successor)
  t.same(await chains(app, user.user.user_id), { tokens: 3, current: 1 })
})

t.test('a replay after the chain moved on answers its current token, not the used successor', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedInUser(app, { user_name: 'Latecomer' })
  const successor = refreshCookie(await refresh(app, user.cookie))!
  const current = refreshCookie(await refresh(app, successor))!
  const late = await refresh(app, user.cookie)
  t.equal(late.statusCode, 200)
  t.equal(refreshCookie(late), current, "the session's current token: setting the used one would end the session")
  t.same(await chains(app, user.user.user_id), { tokens: 3, current: 1 })
  t.equal((await refresh(app, current)).statusCode, 200, 'the current token goes on')
})

t.test('parallel refreshes with one token all get the same successor', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedInUser(app, { user_name: 'Hasty' })
  const answers = await Promise.all(Array.from({ length: 12 }, () => refresh(app, user.cookie)))
  t.same(
    answers.map((answer) => answer.statusCode),
    answers.map(() => 200),
  )
  const cookies = new Set(answers.map(refreshCookie))
  t.equal(cookies.size, 1, 'one successor for all')
  t.notOk(cookies.has(user.cookie))
  t.same(await chains(app, user.user.user_id), { tokens: 2, current: 1 })
})

t.test('parallel refreshes on two instances get the same successor', async (t) => {
  const { a, b } = await twoInstances(t)
  const user = await signedInUser(a, { user_name: 'Everywhere' })
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refresh(i % 2 ? a : b, user.cookie)))
  t.same(
    answers.map((answer) => answer.statusCode),
    answers.map(() => 200),
  )
  t.equal(new Set(answers.map(refreshCookie)).size, 1, 'one successor for all')
  t.same(await chains(a, user.user.user_id), { tokens: 2, current: 1 })
})

t.test('after the grace window a replay still ends the session', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedInUser(app, { user_name: 'TooLate' })
  const successor = refreshCookie(await refresh(app, user.cookie))!
  await app.sql`
    update refresh_tokens set rotated_at = rotated_at - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})
    where rotated_at is not null
      and session_id in (select session_id from sessions where user_id = ${user.user.user_id})`
  t.equal((await refresh(app, user.cookie)).statusCode, 401)
  t.equal((await refresh(app, successor)).statusCode, 401, 'the successor is gone with its session')
})
