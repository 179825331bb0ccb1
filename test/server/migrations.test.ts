import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import t from 'tap'
import { loadMigrations, migrate, MigrationError, MIGRATIONS_DIR } from '../../server/db/migrations.ts'
import { createEmptyTestDatabase, tempDir } from '../helper.ts'

function migrationsDir(t: Parameters<typeof tempDir>[0], files: Record<string, string>): string {
  const dir = join(tempDir(t), 'sql')
  mkdirSync(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

async function connect(t: Parameters<typeof tempDir>[0], max = 1) {
  const sql = postgres(await createEmptyTestDatabase(t), { max, onnotice: () => {} })
  t.teardown(() => sql.end())
  return sql
}

t.test('the project migrations are numbered without gaps and apply cleanly', async (t) => {
  const migrations = loadMigrations(MIGRATIONS_DIR)
  t.ok(migrations.length >= 1)
  t.same(
    migrations.map((m) => m.version),
    migrations.map((_, i) => i + 1),
  )
  const sql = await connect(t)
  const first = await migrate(sql, migrations)
  t.equal(first.applied.length, migrations.length)
  const second = await migrate(sql, migrations)
  t.equal(second.applied.length, 0, 'a second run applies nothing')
  t.equal(second.alreadyApplied, migrations.length)
  const rows = await sql<
    { version: number; checksum: string }[]
  >`select version, checksum from schema_migrations order by version`
  t.same(
    rows.map((r) => r.checksum),
    migrations.map((m) => m.checksum),
    'each migration is recorded with its checksum',
  )
})

t.test('file names must be numbered from 1 without gaps', async (t) => {
  t.throws(() => loadMigrations(migrationsDir(t, { '00001_a.sql': '', '00003_c.sql': '' })), /out of sequence/)
  t.throws(() => loadMigrations(migrationsDir(t, { '1_a.sql': '' })), /must be named like 00001_some_name\.sql/)
  t.throws(() => loadMigrations(migrationsDir(t, { '00002_b.sql': '' })), /out of sequence/)
})

t.test('an applied migration whose file changed is refused', async (t) => {
  const sql = await connect(t)
  const original = migrationsDir(t, { '00001_things.sql': 'create table things (id int);' })
  await migrate(sql, loadMigrations(original))
  const edited = migrationsDir(t, { '00001_things.sql': 'create table things (id bigint);' })
  const error = await migrate(sql, loadMigrations(edited)).catch((e: unknown) => e)
  t.ok(error instanceof MigrationError)
  t.match((error as Error).message, /00001_things\.sql was changed after it was applied/)
})

t.test('a database migrated by a newer release is refused', async (t) => {
  const sql = await connect(t)
  await migrate(sql, loadMigrations(migrationsDir(t, { '00001_a.sql': 'select 1;', '00002_b.sql': 'select 2;' })))
  const older = loadMigrations(migrationsDir(t, { '00001_a.sql': 'select 1;' }))
  await t.rejects(migrate(sql, older), /migration 2 \(b\) that this version of the app does not know/)
})

t.test('a failing migration rolls back entirely and is not recorded', async (t) => {
  const sql = await connect(t)
  const dir = migrationsDir(t, {
    '00001_ok.sql': 'create table ok_table (id int);',
    '00002_broken.sql': 'create table half_done (id int); select * from no_such_table;',
  })
  await t.rejects(migrate(sql, loadMigrations(dir)), /no_such_table/)
  const [versions] = await sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`
  t.equal(versions?.n, 1, 'only the first migration is recorded')
  const [halfDone] = await sql<{ exists: boolean }[]>`select to_regclass('half_done') is not null as exists`
  t.equal(halfDone?.exists, false, 'the broken migration left nothing behind')
})

t.test('instances migrating at the same time apply each migration exactly once', async (t) => {
  const url = await createEmptyTestDatabase(t)
  const dir = migrationsDir(t, {
    '00001_counter.sql': 'create table counter (n int); insert into counter values (1);',
    '00002_bump.sql': 'update counter set n = n + 1; select pg_sleep(0.2);',
    '00003_bump_again.sql': 'update counter set n = n + 1;',
  })
  const instances = Array.from({ length: 5 }, () => postgres(url, { max: 1, onnotice: () => {} }))
  t.teardown(() => Promise.all(instances.map((sql) => sql.end())))
  const results = await Promise.all(instances.map((sql) => migrate(sql, loadMigrations(dir))))
  t.equal(
    results.reduce((sum, r) => sum + r.applied.length, 0),
    3,
    'three migrations applied in total',
  )
  const [row] = await instances[0]!<{ n: number }[]>`select n from counter`
  t.equal(row?.n, 3, 'each update ran once')
})
