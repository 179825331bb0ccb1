import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { dirname, join, normalize, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { PROJECT_ROOT } from '../paths.ts'
import type { Migration } from './migrations.ts'

/**
 * A new embedded database starts from a snapshot instead of PGlite's initdb and the migrations: a data folder the
 * build made by migrating an empty database (scripts/build-snapshot.ts, docs/adr/0013-embedded-snapshot.md).
 * `snapshot.tar.gz` is PGlite's `dumpDataDir('gzip')` of that folder; `snapshot.json` says which migrations it
 * holds. A snapshot is used only when those are exactly the migrations on disk and it was made by the PGlite
 * installed here; otherwise the start falls back to initdb and the migrations, as without a snapshot.
 */
export interface Snapshot {
  tarball: string
  manifest: string
}

export interface SnapshotManifest {
  /** @electric-sql/pglite's version that made it, when the build could read it. */
  pglite: string | undefined
  migrations: { file: string; checksum: string }[]
}

/** Where `npm run build` puts the snapshot; the single binary extracts it to the same place below PROJECT_ROOT. */
export const BUILT_SNAPSHOT: Snapshot = snapshotIn(join(PROJECT_ROOT, 'dist', 'embedded-snapshot'))

export function snapshotIn(folder: string): Snapshot {
  return { tarball: join(folder, 'snapshot.tar.gz'), manifest: join(folder, 'snapshot.json') }
}

export function manifestFor(migrations: Migration[], pglite: string | undefined): SnapshotManifest {
  return { pglite, migrations: migrations.map(({ file, checksum }) => ({ file, checksum })) }
}

/** The installed PGlite's version; undefined where there is no node_modules (the single binary carries its own). */
export function installedPgliteVersion(): string | undefined {
  try {
    const path = join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version
  } catch {
    return undefined
  }
}

/** Why `snapshot` cannot start a database with `migrations`, or undefined when it can. */
export function snapshotMismatch(snapshot: Snapshot, migrations: Migration[]): string | undefined {
  if (!existsSync(snapshot.tarball) || !existsSync(snapshot.manifest)) return 'there is no snapshot (npm run build)'
  let manifest: SnapshotManifest
  try {
    manifest = JSON.parse(readFileSync(snapshot.manifest, 'utf8')) as SnapshotManifest
  } catch (error) {
    return `its manifest is unreadable: ${(error as Error).message}`
  }
  const installed = installedPgliteVersion()
  if (installed && manifest.pglite && installed !== manifest.pglite) {
    return `it was made by PGlite ${manifest.pglite}, ${installed} is installed`
  }
  const expected = JSON.stringify(manifestFor(migrations, undefined).migrations)
  if (JSON.stringify(manifest.migrations) !== expected) return 'it was made from other migrations than those in sql/'
  return undefined
}

/** True when `pgdata` holds anything: a database, or what a crashed initdb left, which is not ours to replace. */
export function holdsFiles(pgdata: string): boolean {
  return existsSync(pgdata) && readdirSync(pgdata).length > 0
}

const RESTORE_PREFIX = '.pgdata-restore-'

/**
 * Unpacks the snapshot into a new folder beside `pgdata` and renames it into place, so a start killed mid-way
 * never leaves a half-filled `pgdata` that the next start would take for a database: it leaves a restore folder,
 * which the next restore deletes. The caller holds the DATA_DIR lock. Returns undefined when restored, else why not.
 */
export function restoreSnapshot(snapshot: Snapshot, pgdata: string, migrations: Migration[]): string | undefined {
  const root = dirname(pgdata)
  for (const entry of readdirSync(root)) {
    if (entry.startsWith(RESTORE_PREFIX)) rmSync(join(root, entry), { recursive: true, force: true })
  }
  if (holdsFiles(pgdata)) return 'the data folder already holds a database'
  const mismatch = snapshotMismatch(snapshot, migrations)
  if (mismatch) return mismatch

  const partial = join(root, `${RESTORE_PREFIX}${process.pid}`)
  try {
    untar(gunzipSync(readFileSync(snapshot.tarball)), partial)
    // An empty pgdata (PGlite creates the folder before it initialises it) gives way; rmdir refuses anything else.
    if (existsSync(pgdata)) rmdirSync(pgdata)
    renameSync(partial, pgdata)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
  return undefined
}

const BLOCK = 512

/**
 * Unpacks a ustar archive as PGlite's dumpDataDir writes it (tinytar: regular files and folders, names below 100
 * characters with a leading slash). Not flushed file by file (that doubled the restore here): the rename guards
 * against a start that is killed, like PGlite's own copy of a new database; a power cut mid-start may still need a
 * fresh DATA_DIR, as it may for any PGlite folder.
 */
function untar(archive: Uint8Array, target: string): void {
  mkdirSync(target, { mode: 0o700 })
  const text = (start: number, length: number) => {
    const field = Buffer.from(archive.buffer, archive.byteOffset + start, length)
    const end = field.indexOf(0)
    return field.toString('latin1', 0, end === -1 ? length : end)
  }
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const name = text(offset, 100)
    if (!name) break // the two empty blocks that end the archive
    const prefix = text(offset + 345, 131)
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(archive[offset + 156] ?? 0)
    const relative = normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^[/\\]+/, '')
    if (relative.split(sep).includes('..')) throw new Error(`the snapshot holds an unsafe path: ${name}`)
    const path = join(target, relative)
    const data = offset + BLOCK
    if (data + size > archive.length) throw new Error(`the snapshot is truncated at ${name}`)
    if (type === '5') {
      mkdirSync(path, { recursive: true, mode: 0o700 })
    } else if (type === '0' || type === '\0') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
      writeFileSync(path, archive.subarray(data, data + size), { mode: 0o600 })
    } else {
      throw new Error(`the snapshot holds an entry of unsupported type ${JSON.stringify(type)}: ${name}`)
    }
    offset = data + Math.ceil(size / BLOCK) * BLOCK
  }
}
