import t from 'tap'
import postgres from 'postgres'
import { countInFlight } from '../../../server/db/in-flight.ts'
import { createTestDatabase } from '../../helper.ts'

t.test('queries and transactions count while they run, and only then', async (t) => {
  const raw = postgres(await createTestDatabase(t), { max: 2, onnotice: () => {} })
  t.teardown(() => raw.end())
  const { sql, inFlight } = countInFlight(raw)

  const fragment = sql`where true`
  const lazy = sql`select 1 as one ${fragment}`
  t.equal(inFlight(), 0, 'a query not yet awaited (and a fragment) holds nothing')

  const slow = sql`select pg_sleep(0.2)`.then(() => 'done')
  const unsafe = sql.unsafe('select pg_sleep(0.2)').then(() => 'done')
  const transaction = sql.begin(async (tx) => {
    await tx`select pg_sleep(0.2)`
    await tx`select 2`
  })
  t.equal(inFlight(), 3, 'a query, an unsafe query and a transaction')
  t.same(await lazy, [{ one: 1 }], 'results are unchanged')
  await Promise.all([slow, unsafe, transaction])
  t.equal(inFlight(), 0, 'all settled')

  await t.rejects(sql`select * from no_such_table`)
  await t.rejects(sql.begin(async (tx) => tx`select * from no_such_table`))
  t.equal(inFlight(), 0, 'failures settle too')

  const twice = sql`select 1`
  await twice
  await twice
  t.equal(inFlight(), 0, 'a query awaited twice counts once')
})
