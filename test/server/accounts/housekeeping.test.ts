import t from 'tap'
import { purgeExpired } from '../../../server/domain/shared/housekeeping.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { signedInUser } from '../../signed-in.ts'

t.test('expired rows are purged, live ones kept', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const live = await signedInUser(app, { user_name: 'Live One' })
  const old = await signedInUser(app, { user_name: 'Old One' })
  await app.sql`update sessions set expires_at = now() - interval '8 days' where user_id = ${old.user.user_id}`
  await app.sql`insert into sms_sends (phone, ip, sent_at) values ('+358401', '1.2.3.4', now() - interval '3 days'), ('+358402', '1.2.3.4', now())`
  await app.sql`insert into login_attempts (account_key, ip, attempted_at) values ('a', 'ip', now() - interval '2 days'), ('b', 'ip', now())`
  await app.sql`insert into rate_limit_counters (key, window_ends_at, hits) values ('old', now() - interval '1 second', 3), ('new', now() + interval '1 minute', 1)`
  await app.sql`insert into used_verification_tokens (token_id, expires_at) values ('old', now() - interval '1 minute'), ('new', now() + interval '1 minute')`

  const purged = await purgeExpired(app.sql)
  t.equal(purged.sessions, 1)
  t.equal(purged.smsSends, 1)
  t.equal(purged.loginAttempts, 1)
  t.equal(purged.rateLimitCounters, 1)
  t.equal(purged.verificationTokens, 1)

  const [left] = await app.sql<
    { sessions: number; sends: number; failures: number; counters: number; tokens: number }[]
  >`
    select
      (select count(*)::int from sessions) as sessions,
      (select count(*)::int from sms_sends where phone in ('+358401', '+358402')) as sends,
      (select count(*)::int from login_attempts) as failures,
      (select count(*)::int from rate_limit_counters where key in ('old', 'new')) as counters,
      (select count(*)::int from used_verification_tokens where token_id in ('old', 'new')) as tokens`
  t.same(left, { sessions: 1, sends: 1, failures: 1, counters: 1, tokens: 1 })
  t.equal(
    (await app.inject({ url: '/api/user/protected-route', headers: { authorization: `Bearer ${live.token}` } }))
      .statusCode,
    200,
  )
})
