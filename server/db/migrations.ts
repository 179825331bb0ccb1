import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Sql } from 'postgres'
import { PROJECT_ROOT } from '../paths.ts'

export interface Migration {
  version: number
  name: string
  file: string
  sql: string
  checksum: string
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'sql')

/** Any constant works; it only has to be the same in every instance. */
const MIGRATION_LOCK_ID = 7_311_420_001

const FILE_PATTERN = /^(\d{5})_([a-z0-9_]+)\.sql$/

/** Reads `00001_name.sql`, `00002_...`: numbered from 1 without gaps, anything else in the folder is refused. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
  return files.map((file, index) => {
    const match = FILE_PATTERN.exec(file)
    if (!match) throw new MigrationError(`Migration file ${file} must be named like 00001_some_name.sql`)
    const version = Number(match[1])
    if (version !== index + 1) {
      throw new MigrationError(
        `Migration ${file} is out of sequence: expected number ${String(index + 1).padStart(5, '0')}`,
      )
    }
    const text = readFileSync(join(dir, file), 'utf8')
    return { version, name: match[2]!, file, sql: text, checksum: sha256(text) }
  })
}

export interface MigrationResult {
  applied: Migration[]
  alreadyApplied: number
}

interface AppliedRow {
  version: number
  name: string
  checksum: string
}

/**
 * Applies pending migrations, each in its own transaction. Every transaction first takes a transaction-level
 * advisory lock, so instances starting together queue up here and each migration runs exactly once.
 * A migration that was applied and whose file changed since is refused: forward-only means write a new one.
 */
export async function migrate(sql: Sql, migrations: Migration[]): Promise<MigrationResult> {
  const applied = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`
    await tx`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )
    `
    return tx<AppliedRow[]>`select version, name, checksum from schema_migrations order by version`
  })
  verifyApplied(applied, migrations)

  // A migration once applied stays applied: only the others need their locked transaction (a start on an
  // up-to-date database then costs one transaction, not one per migration).
  const appliedVersions = new Set(applied.map((row) => row.version))
  const done: Migration[] = []
  for (const migration of migrations.filter((m) => !appliedVersions.has(m.version))) {
    const ran = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`
      const [row] = await tx<
        AppliedRow[]
      >`select version, name, checksum from schema_migrations where version = ${migration.version}`
      if (row) {
        verifyApplied([row], migrations)
        return false
      }
      await tx.unsafe(migration.sql)
      await tx`
        insert into schema_migrations (version, name, checksum)
        values (${migration.version}, ${migration.name}, ${migration.checksum})
      `
      return true
    })
    if (ran) done.push(migration)
  }
  return { applied: done, alreadyApplied: migrations.length - done.length }
}

function verifyApplied(rows: AppliedRow[], migrations: Migration[]): void {
  for (const row of rows) {
    const known = migrations[row.version - 1]
    if (!known) {
      throw new MigrationError(
        `The database has migration ${row.version} (${row.name}) that this version of the app does not know: ` +
          'it was migrated by a newer release',
      )
    }
    if (known.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${known.file} was changed after it was applied (checksum ${row.checksum.slice(0, 12)} in the database, ` +
          `${known.checksum.slice(0, 12)} on disk). Applied migrations are forward-only: restore the file and add a new migration`,
      )
    }
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
