import t, { type Test } from 'tap'
import postgres from 'postgres'
import { loadMigrations, migrate } from '../../../server/db/migrations.ts'
import { buildTestApp, createEmptyTestDatabase } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * The help a helper gave stays theirs (docs/requests.md, "Thanks and trust"; docs/adr/0004-helped-counts-outlive-requests.md):
 * their "helped" counts never fall because the owner deleted the completed request or their account.
 */
t.test('helped counts outlive the request and its owner', async (t) => {
  const app = await buildTestApp(t)
  const [helper, admin] = await Promise.all([signedIn(app, 'Helper'), signedIn(app, 'Admin', true)])
  const helped = async () => (await helper.get('/api/user/helped')).body.helped as number
  /** The admin's "requests helped" for the helper. */
  const requestsHelped = async () => {
    const answer = await admin.get('/api/admin/users?q=Helper')
    const users = answer.body.users as { user_name: string; requests_helped: number }[]
    return users.find((user) => user.user_name === 'Helper')!.requests_helped
  }
  /** A request of `owner`'s that the helper took over, marked ready with help received. */
  const completed = async (t: Test, owner: Actor) => {
    const id = (await owner.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
    return id
  }

  t.test('the owner deletes the completed request', async (t) => {
    const owner = await signedIn(app, 'Deleter')
    const before = { helped: await helped(), requests: await requestsHelped() }
    const id = await completed(t, owner)
    t.equal(await helped(), before.helped + 1, 'counted when marked ready')
    t.equal(await requestsHelped(), before.requests + 1)
    t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204, 'the owner may still delete it')
    t.equal(await helped(), before.helped + 1, 'the helper’s count stays')
    t.equal(await requestsHelped(), before.requests + 1, 'and so does the admin’s figure')
  })

  t.test('an admin deletes a completed request', async (t) => {
    const owner = await signedIn(app, 'Moderated')
    const id = await completed(t, owner)
    const after = { helped: await helped(), requests: await requestsHelped() }
    t.equal((await admin.send('DELETE', `/api/requests/${id}`)).status, 204)
    t.same({ helped: await helped(), requests: await requestsHelped() }, after, 'both counts stay')
  })

  t.test('the owner deletes their account', async (t) => {
    const owner = await signedIn(app, 'Leaver')
    const before = await helped()
    await completed(t, owner)
    // Helped twice by the same helper: one cyclist, before and after the account goes.
    await completed(t, owner)
    t.equal(await helped(), before + 1, 'one cyclist helped twice counts once')
    const requests = await requestsHelped()
    t.equal((await owner.send('DELETE', '/api/user')).status, 204)
    t.equal(await helped(), before + 1, 'the helper’s count stays, and still counts that cyclist once')
    t.equal(await requestsHelped(), requests, 'the admin’s figure stays')
    const [row] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from helped_cyclists where owner_id = ${owner.user.user.user_id}`
    t.equal(row!.n, 0, 'who the deleted owner was is forgotten')
  })

  t.test('parallel ready marks of one request count it once', async (t) => {
    const owner = await signedIn(app, 'Twice')
    const before = { helped: await helped(), requests: await requestsHelped() }
    const id = (await owner.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const answers = await Promise.all([
      owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 }),
      admin.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 }),
    ])
    t.same(answers.map((answer) => answer.status).sort(), [200, 409], 'one ready mark wins')
    t.same(
      { helped: await helped(), requests: await requestsHelped() },
      {
        helped: before.helped + 1,
        requests: before.requests + 1,
      },
    )
  })
})

t.test('migration 00018 backfills the counts from the completed requests there are', async (t) => {
  const sql = postgres(await createEmptyTestDatabase(t), { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const migrations = loadMigrations()
  const helpedCounts = migrations.findIndex((migration) => migration.file === '00018_helped_counts.sql')
  await migrate(sql, migrations.slice(0, helpedCounts))

  const users = await sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash)
    select 'User ' || n, '+35840000000' || n, 'x' from generate_series(1, 4) n
    returning user_id`
  const [helper, other, ann, bob] = users.map((user) => user.user_id)
  const request = (owner: number, fields: { helper?: number; gotHelp?: boolean; test?: boolean; deleted?: boolean }) =>
    sql`
      insert into requests (owner_id, category, description, status, responder_id, completed_at, got_help, is_test,
        deleted_at)
      values (${owner}, 'other', 'Backfilled', 'completed', ${fields.helper ?? null}, now(), ${fields.gotHelp ?? true},
        ${fields.test ?? false}, ${fields.deleted ? new Date() : null})`
  await request(ann!, { helper })
  await request(ann!, { helper }) // the same cyclist again
  await request(bob!, { helper, deleted: true }) // deleted by its owner since: counts again
  await request(bob!, { helper: other, test: true }) // a test request never counts
  await request(ann!, { helper: other, gotHelp: false }) // no help received: a request helped, not a cyclist
  await request(bob!, {}) // completed without a helper

  await migrate(sql, migrations.slice(0, helpedCounts + 1))
  const cyclists = await sql<{ helper_id: number; n: number }[]>`
    select helper_id, count(*)::int as n from helped_cyclists group by helper_id order by helper_id`
  t.same(cyclists, [{ helper_id: helper, n: 2 }], 'distinct cyclists helped, deleted requests included')
  const requests = await sql<{ helper_id: number; n: number }[]>`
    select helper_id, count(*)::int as n from helped_requests group by helper_id order by helper_id`
  t.same(
    requests,
    [
      { helper_id: helper, n: 3 },
      { helper_id: other, n: 1 },
    ],
    'requests helped with, with or without help received',
  )
})
