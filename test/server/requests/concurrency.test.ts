import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * The rules that span rows, run really in parallel: every request below is in flight at once, each on its own
 * pooled connection to the real PostgreSQL server.
 */
t.test('request rules hold under concurrency', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, DATABASE_POOL_MAX: 25 })

  async function actors(prefix: string, count: number): Promise<Actor[]> {
    return Promise.all(Array.from({ length: count }, (_, i) => signedIn(app, `${prefix} ${i + 1}`)))
  }

  t.test('20 users take one request at once: exactly one succeeds', async (t) => {
    const [owner] = await actors('Owner A', 1)
    const id = (await owner!.create()).body.request_id
    const helpers = await actors('Rush', 20)
    const answers = await Promise.all(helpers.map((h) => h.send('PUT', `/api/requests/${id}/addresponder`)))
    t.equal(answers.filter((a) => a.status === 200).length, 1)
    const refused = answers.filter((a) => a.status === 409)
    t.equal(refused.length, 19)
    t.ok(refused.every((a) => a.body.message === 'This request already has a responder.'))
    const [row] = await app.sql<{ running: number }[]>`
      select count(*)::int as running from request_responses where request_id = ${id} and ended_at is null`
    t.equal(row!.running, 1, 'one running response in the history too')
  })

  t.test('one user takes 5 requests at once: exactly 2 succeed', async (t) => {
    const owners = await actors('Owner B', 5)
    const ids = await Promise.all(owners.map(async (o) => (await o.create()).body.request_id))
    const [helper] = await actors('Greedy', 1)
    const answers = await Promise.all(ids.map((id) => helper!.send('PUT', `/api/requests/${id}/addresponder`)))
    t.equal(answers.filter((a) => a.status === 200).length, 2)
    t.equal(answers.filter((a) => a.body.message === 'You have reached the limit of 2 active responses.').length, 3)
    const [row] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from requests where responder_id = ${helper!.user.user.user_id} and status = 'in progress'`
    t.equal(row!.n, 2)
  })

  t.test('one user creates 6 at once: exactly 2 exist', async (t) => {
    const [owner] = await actors('Hasty', 1)
    const answers = await Promise.all(Array.from({ length: 6 }, () => owner!.create()))
    t.equal(answers.filter((a) => a.status === 201).length, 2)
    t.equal(answers.filter((a) => a.status === 409).length, 4)
    const [row] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from requests where owner_id = ${owner!.user.user.user_id}`
    t.equal(row!.n, 2)
  })

  t.test('release and take-over racing leave a consistent request', async (t) => {
    const [owner, first, second] = await actors('Race', 3)
    const id = (await owner!.create()).body.request_id
    await first!.send('PUT', `/api/requests/${id}/addresponder`)
    const [release, takeOver, ready] = await Promise.all([
      first!.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' }),
      second!.send('PUT', `/api/requests/${id}/addresponder`),
      owner!.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 }),
    ])
    // Any order is possible; each call either wins or is refused with a conflict, never worse.
    t.ok([200, 409].includes(release.status), `release answered ${release.status}`)
    t.ok([200, 409].includes(takeOver.status), `take-over answered ${takeOver.status}`)
    t.equal(ready.status, 200, 'the owner can always mark an open request ready')
    const [row] = await app.sql<{ status: string; running: number }[]>`
      select r.status, (select count(*)::int from request_responses where request_id = r.request_id and ended_at is null) as running
      from requests r where r.request_id = ${id}`
    t.same(row, { status: 'completed', running: 0 }, 'completed, with no response left running')
  })
})
