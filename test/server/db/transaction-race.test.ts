import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import postgres, { type Sql } from 'postgres'
import { ADMIN_DATABASE_URL } from '../../helper.ts'

/**
 * postgres.js 3.4.9 writes a transaction's BEGIN and only then, as the last term of the `&&` chain that tells
 * whether the connection takes more queries, runs the hook that reserves the connection for the transaction.
 * When BEGIN is the query that fills the connection's pipeline (max_pipeline), the chain stops early: the
 * connection is never reserved, `sql.begin` fails (UNSAFE_TRANSACTION, or a TypeError with max: 1), the server
 * keeps the transaction open, and the pool lends that connection to unrelated queries, which then run inside it
 * (porsager/postgres#1189, #823, #1210). patches/postgres+3.4.9+001+upstream-fixes.patch applies the fix of porsager/postgres#1218.
 *
 * The pool hands queries out deterministically (free connections first, then the busy ones in turn), so a known
 * number of queries puts BEGIN exactly at the boundary: no timing is involved. No migrations are needed: the
 * queries touch no table, on the maintenance database.
 */

/** What one run did. A probe whose transaction is still open, or is a `sql.begin`'s, ran inside another. */
interface Outcome {
  /** Errors of `sql.begin` calls (none expected). */
  beginErrors: unknown[]
  /** Transaction ids the `sql.begin` bodies saw. */
  transactionXids: string[]
  /** Transaction ids the plain queries ran in. */
  probeXids: string[]
}

type Step = 'probe' | 'begin'

function repeat(step: Step, times: number): Step[] {
  return Array.from({ length: times }, () => step)
}

interface Pool {
  sql: Sql
  /** Its sessions' application_name in pg_stat_activity. */
  name: string
  /** Every query in the order the pool handed it to a connection, and which one. */
  dispatched: { connection: number; query: string }[]
}

function pool(t: Test, options: { max: number; max_pipeline: number }): Pool {
  const name = `tx-race-${randomBytes(4).toString('hex')}`
  const dispatched: Pool['dispatched'] = []
  const sql = postgres(ADMIN_DATABASE_URL, {
    ...options,
    onnotice: () => {},
    connect_timeout: 5,
    connection: { application_name: name },
    debug: (connection, query) => void dispatched.push({ connection, query }),
  })
  t.teardown(() => sql.end({ timeout: 1 }))
  return { sql, name, dispatched }
}

/**
 * A plain query that reports its transaction id; assigning one is what makes it checkable afterwards. `execute()`
 * hands it to the pool at once, as `sql.begin` does with its BEGIN: a bare `await` would hand it over a microtask
 * later than a BEGIN issued after it, and the order, which puts the BEGIN at the boundary, would be lost.
 */
async function probe(sql: Sql): Promise<string> {
  const [row] = await sql<{ xid: string }[]>`select pg_current_xact_id()::text as xid`.execute()
  return row!.xid
}

/** A transaction that reports its own id, so a probe that shares it is caught even after it commits. */
function transaction(sql: Sql): Promise<string> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ xid: string }[]>`select pg_current_xact_id()::text as xid`
    return row!.xid
  })
}

/** Opens all `max` connections, so that the pool's round over them is known. */
async function openAll(sql: Sql, max: number): Promise<void> {
  await Promise.all(Array.from({ length: max }, () => sql`select 1`))
}

/**
 * Runs `steps` as issued in one go (the pool dispatches them in this order) and gathers what happened. Every
 * promise gets its handlers at once, so a failing BEGIN never goes unhandled.
 */
async function run(steps: (Step | Promise<unknown>)[], sql: Sql): Promise<Outcome> {
  const outcome: Outcome = { beginErrors: [], transactionXids: [], probeXids: [] }
  const settled = steps.map((step) =>
    step === 'probe'
      ? probe(sql).then((xid) => void outcome.probeXids.push(xid))
      : step === 'begin'
        ? transaction(sql).then(
            (xid) => void outcome.transactionXids.push(xid),
            (error: unknown) => void outcome.beginErrors.push(error),
          )
        : step,
  )
  await Promise.all(settled)
  return outcome
}

/** Both symptoms: no failed `sql.begin`, and no plain query inside somebody else's transaction. */
async function checkIsolation(t: Test, monitor: Sql, name: string, outcome: Outcome): Promise<void> {
  t.same(
    outcome.beginErrors.map((e) => (e as { code?: string }).code ?? String(e)),
    [],
    'every sql.begin succeeds (no UNSAFE_TRANSACTION)',
  )
  const statuses = await monitor<{ xid: string; status: string }[]>`
    select xid, pg_xact_status(xid::xid8) as status from unnest(${outcome.probeXids}::text[]) as xid
  `
  t.same(
    statuses.filter((s) => s.status !== 'committed'),
    [],
    'every plain query committed on its own: none ran in a transaction still open after it answered',
  )
  const shared = outcome.probeXids.filter((xid) => outcome.transactionXids.includes(xid))
  t.same(shared, [], 'no plain query ran inside a sql.begin transaction')
  const [open] = await monitor<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where application_name = ${name} and state like 'idle in transaction%'
  `
  t.equal(open!.n, 0, 'no pooled connection is left inside a transaction')
}

t.test('a BEGIN that fills a connection pipeline still reserves that connection', async (t) => {
  const monitor = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  t.teardown(() => monitor.end())

  // max_pipeline 0 (#1210): every query fills its connection at once, so every BEGIN is at the boundary.
  // 100 is the driver's default max_pipeline; max 1 is the embedded database's pool (server/db/database.ts), last
  // because on the unpatched driver its failure is a TypeError the driver leaves unhandled, which ends the test.
  const cases = [
    { max: 2, max_pipeline: 0 },
    { max: 2, max_pipeline: 1 },
    { max: 3, max_pipeline: 2 },
    { max: 2, max_pipeline: 100 },
    { max: 1, max_pipeline: 1 },
    { max: 1, max_pipeline: 100 },
  ]
  for (const options of cases) {
    t.test(`max ${options.max}, max_pipeline ${options.max_pipeline}`, async (t) => {
      const { sql, name, dispatched } = pool(t, options)
      await openAll(sql, options.max)
      dispatched.length = 0
      // Each connection takes one running query and max_pipeline - 1 queued ones and still counts as free; the
      // BEGIN after them is its max_pipeline-th queued query. The probes after the BEGINs wait for a connection.
      const before = options.max * Math.max(options.max_pipeline, 1)
      const outcome = await run(
        [...repeat('probe', before), ...repeat('begin', options.max), ...repeat('probe', 2 * options.max)],
        sql,
      )
      t.equal(outcome.transactionXids.length + outcome.beginErrors.length, options.max, 'every sql.begin settled')
      // Guards the set-up itself, patched driver or not: without this the test could pass by missing the boundary.
      const begin = dispatched.findIndex((d) => /^begin\b/i.test(d.query))
      const ahead = dispatched.slice(0, begin).filter((d) => d.connection === dispatched[begin]?.connection)
      t.equal(ahead.length, before / options.max, 'the first BEGIN is the query that fills its connection pipeline')
      await checkIsolation(t, monitor, name, outcome)
    })
  }
})

t.test('sql.begin mixed with plain queries on a small, busy pool (#823)', async (t) => {
  const monitor = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  t.teardown(() => monitor.end())
  const { sql, name } = pool(t, { max: 3, max_pipeline: 2 })
  await openAll(sql, 3)

  // 6 plain queries and 5 transactions while every connection is busy, in a different interleaving each round.
  const mix = Array.from({ length: 11 }, (_, i): Step => (i % 2 ? 'begin' : 'probe'))
  for (let round = 0; round < mix.length; round++) {
    const order = [...mix.slice(round), ...mix.slice(0, round)]
    const busy = Array.from({ length: 3 }, () => sql`select pg_sleep(0.02)`.execute())
    const outcome = await run([...busy, ...order], sql)
    t.equal(outcome.transactionXids.length + outcome.beginErrors.length, 5, `round ${round}: every sql.begin settled`)
    await checkIsolation(t, monitor, name, outcome)
  }
})
