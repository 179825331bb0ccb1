import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Sql } from 'postgres'
import { buildSnapshot } from '../../scripts/build-snapshot.ts'
import { openDatabase, type Database } from '../../server/db/database.ts'
import { loadMigrations } from '../../server/db/migrations.ts'
import { snapshotIn, type Snapshot, type SnapshotManifest } from '../../server/db/snapshot.ts'
import { tempDir } from '../helper.ts'

/** Opens an embedded database in `dataDir` and answers it with what its start logged about the snapshot. */
async function open(dataDir: string, snapshot: Snapshot): Promise<{ db: Database; snapshot: unknown }> {
  let outcome: unknown
  const log = {
    info(obj: object) {
      if ('snapshot' in obj) outcome = obj.snapshot
    },
    warn() {},
  }
  const config = { DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1, DATABASE_CONNECT_TIMEOUT: 30 }
  const db = await openDatabase(config, log, { snapshot })
  return { db, snapshot: outcome }
}

/** Everything the migrations make, as text: tables and columns, constraints, indexes, functions, triggers, views, rows. */
async function schemaOf(sql: Sql): Promise<Record<string, unknown>> {
  const tables = await sql<{ name: string }[]>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`
  const rows: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(name)}`
    rows[name] = row!.n
  }
  return {
    migrations: await sql`select version, name, checksum from schema_migrations order by version`,
    columns: await sql`
      select table_name, column_name, data_type, udt_name, column_default, is_nullable, ordinal_position
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    constraints: await sql`
      select conrelid::regclass::text as relation, conname, pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    indexes: await sql`
      select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
    functions: await sql`
      select proname, pg_get_function_identity_arguments(oid) as args, md5(prosrc) as body
      from pg_proc where pronamespace = 'public'::regnamespace order by 1, 2`,
    triggers: await sql`
      select tgrelid::regclass::text as relation, tgname, pg_get_triggerdef(oid) as definition
      from pg_trigger where not tgisinternal order by 1, 2`,
    views: await sql`select viewname, definition from pg_views where schemaname = 'public' order by viewname`,
    sequences: await sql`select sequencename from pg_sequences where schemaname = 'public' order by 1`,
    extensions: await sql`select extname from pg_extension order by extname`,
    rows,
  }
}

t.test(
  'a new DATA_DIR started from the snapshot equals one migrated from scratch; a mismatching one falls back',
  async (t) => {
    const built = snapshotIn(tempDir(t, 'pyoraapu-snapshot-test-'))
    await buildSnapshot(built)
    const manifest = JSON.parse(readFileSync(built.manifest, 'utf8')) as SnapshotManifest
    t.same(
      manifest.migrations.map((m) => m.file),
      loadMigrations().map((m) => m.file),
      'the snapshot holds every migration in sql/',
    )

    // The same snapshot with one migration's checksum changed, as after an edited sql/ file without a rebuild.
    const mismatching = snapshotIn(tempDir(t, 'pyoraapu-snapshot-test-'))
    cpSync(built.tarball, mismatching.tarball)
    manifest.migrations[0]!.checksum = '0'.repeat(64)
    writeFileSync(mismatching.manifest, JSON.stringify(manifest))

    // A start killed mid-restore left its folder and PGlite's empty pgdata: neither may stop the next start.
    const fromSnapshotDir = tempDir(t)
    mkdirSync(join(fromSnapshotDir, 'pgdata'))
    mkdirSync(join(fromSnapshotDir, '.pgdata-restore-999999', 'base'), { recursive: true })
    writeFileSync(join(fromSnapshotDir, '.pgdata-restore-999999', 'PG_VERSION'), '18\n')

    const fromSnapshot = await open(fromSnapshotDir, built)
    t.same(fromSnapshot.snapshot, { restored: true }, 'the new DATA_DIR started from the snapshot')
    t.same(
      readdirSync(fromSnapshotDir).filter((name) => name.startsWith('.pgdata-restore-')),
      [],
      'the broken-off restore folder is gone',
    )
    const fromScratchDir = tempDir(t)
    const fromScratch = await open(fromScratchDir, mismatching)
    t.match(
      fromScratch.snapshot,
      { restored: false, reason: /other migrations/ },
      'a snapshot of other migrations is not used: initdb and the migrations run instead',
    )

    try {
      const snapshotSchema = await schemaOf(fromSnapshot.db.sql)
      const scratchSchema = await schemaOf(fromScratch.db.sql)
      t.equal((snapshotSchema.migrations as unknown[]).length, loadMigrations().length, 'every migration is applied')
      t.ok((snapshotSchema.columns as unknown[]).length > 50, 'the schema listing is not empty')
      t.same(snapshotSchema, scratchSchema, 'same migrations, tables, constraints, indexes, functions, triggers, rows')
    } finally {
      await fromSnapshot.db.close()
      await fromScratch.db.close()
    }

    const reopened = await open(fromSnapshotDir, built)
    t.teardown(() => reopened.db.close())
    t.match(
      reopened.snapshot,
      { restored: false, reason: /already holds a database/ },
      'an existing database is opened, never replaced',
    )
    t.ok(existsSync(join(fromSnapshotDir, 'pgdata', 'PG_VERSION')))
  },
)
