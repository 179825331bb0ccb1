import t from 'tap'
import { openDatabase } from '../../server/db/database.ts'
import { DataDirInUseError } from '../../server/db/embedded.ts'
import { loadMigrations } from '../../server/db/migrations.ts'
import { tempDir } from '../helper.ts'

const quiet = { info() {}, warn() {} }

t.test('embedded PostgreSQL starts on an empty DATA_DIR, migrates, and finds its data after a restart', async (t) => {
  const config = { DATA_DIR: tempDir(t), DATABASE_URL: undefined, DATABASE_POOL_MAX: 3, DATABASE_CONNECT_TIMEOUT: 10 }

  let started = performance.now()
  const first = await openDatabase(config, quiet)
  const coldMs = performance.now() - started
  t.equal(first.mode, 'embedded')
  t.match(first.location, /pgdata$/)
  await first.sql`insert into app_settings (key, value) values ('probe', ${first.sql.json({ answer: 42 })})`

  await t.rejects(openDatabase(config, quiet), DataDirInUseError, 'a second open of the same DATA_DIR is refused')

  await first.close()

  started = performance.now()
  const second = await openDatabase(config, quiet)
  const reopenMs = performance.now() - started
  t.teardown(() => second.close())
  const [row] = await second.sql<{ value: { answer: number } }[]>`select value from app_settings where key = 'probe'`
  t.same(row?.value, { answer: 42 }, 'the row written before the restart is there')
  const [migrations] = await second.sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`
  t.equal(migrations?.n, loadMigrations().length, 'migrations were applied once, not again on reopen')

  const [day] = await second.sql<{ offset: number }[]>`
    select extract(hour from (now() at time zone 'Europe/Helsinki') - (now() at time zone 'UTC'))::int as offset`
  t.ok(day!.offset === 2 || day!.offset === 3, 'Helsinki time zone data is there (the daily request limit needs it)')

  t.comment(`embedded cold start ${coldMs.toFixed(0)} ms, reopen ${reopenMs.toFixed(0)} ms`)
})

t.test('concurrent transactions on the embedded database stay correct', async (t) => {
  const config = { DATA_DIR: tempDir(t), DATABASE_URL: undefined, DATABASE_POOL_MAX: 4, DATABASE_CONNECT_TIMEOUT: 10 }
  const db = await openDatabase(config, quiet)
  t.teardown(() => db.close())
  await db.sql`insert into app_settings (key, value) values ('counter', '0'::jsonb)`
  await Promise.all(
    Array.from({ length: 20 }, () =>
      db.sql.begin(async (tx) => {
        const [row] = await tx<{ value: number }[]>`select value from app_settings where key = 'counter' for update`
        await tx`update app_settings set value = ${tx.json((row?.value ?? 0) + 1)} where key = 'counter'`
      }),
    ),
  )
  const [row] = await db.sql<{ value: number }[]>`select value from app_settings where key = 'counter'`
  t.equal(row?.value, 20, 'no lost updates between concurrent transactions')

  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => db.sql<{ n: number }[]>`select ${i}::int as n, pg_sleep(0)`),
  )
  t.same(
    answers.map((rows) => rows[0]?.n),
    Array.from({ length: 50 }, (_, i) => i),
    'fifty parallel queries each get their own rows',
  )
})
