import t from 'tap'
import postgres from 'postgres'
import { ADMIN_DATABASE_URL } from '../../helper.ts'

/*
 * patches/postgres+3.4.9+003+thenable-query.patch makes a postgres.js query a thenable whose Promise is made when it is first awaited:
 * as a Promise subclass, every fragment of a statement was a pending Promise that young-generation collections
 * kept until a full one (docs/performance.md, "Garbage of a change"). What callers rely on must hold as before.
 * No migrations are needed: the queries touch no table, on the maintenance database.
 */

t.test('a query is a thenable, not a Promise, and behaves as one where awaited', async (t) => {
  const sql = postgres(ADMIN_DATABASE_URL, { max: 2, onnotice: () => {} })
  t.teardown(() => sql.end())

  const fragment = sql`${1}::int`
  t.notOk(fragment instanceof Promise, 'a fragment is no Promise (the patch is applied)')
  t.equal(typeof fragment.then, 'function', 'but a thenable')

  const [row] = await sql<{ total: number }[]>`select ${fragment} + ${sql`${2}::int`} as total`
  t.equal(row?.total, 3, 'awaited, a statement of fragments answers its rows')

  const failing = sql`select 1 / ${0}::int`
  await t.rejects(failing, { code: '22012' }, 'a failing query rejects where awaited')
  let finallyRan = false
  await t.rejects(
    sql`select 1 / ${0}::int`.finally(() => void (finallyRan = true)),
    { code: '22012' },
    'finally passes the failure on',
  )
  t.ok(finallyRan, 'and runs')
  const caught = await sql`select 1 / ${0}::int`.catch((error: { code?: string }) => error.code)
  t.equal(caught, '22012', 'catch gets the failure')

  const settled = await Promise.race([sql`select 'first' as won`, new Promise(() => {})])
  t.same(settled, [{ won: 'first' }], 'Promise.race and Promise.resolve take it as a Promise')
})

t.test('a query run without an await still rejects, unhandled, as a Promise subclass did', async (t) => {
  const sql = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const unhandled = new Promise<unknown>((resolve) => process.once('unhandledRejection', resolve))
  // Deliberately left floating: what is under test is that its failure still surfaces.
  void sql`select 1 / ${0}::int`.execute()
  t.match(await unhandled, { code: '22012' }, 'the failure is not swallowed')
})
