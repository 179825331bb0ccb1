/**
 * Makes the embedded database's snapshot (server/db/snapshot.ts, docs/adr/0013-embedded-snapshot.md): an empty
 * data folder initialised by PGlite and migrated with sql/, saved with PGlite's dumpDataDir into
 * dist/embedded-snapshot/. A new DATA_DIR then starts from it in well under a second instead of several seconds of
 * initdb and migrations. Part of `npm run build` (build-server.ts); the single binary carries it as an asset.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../server/db/database.ts'
import { loadMigrations } from '../server/db/migrations.ts'
import {
  BUILT_SNAPSHOT,
  installedPgliteVersion,
  manifestFor,
  snapshotMismatch,
  type Snapshot,
} from '../server/db/snapshot.ts'
import { pgliteAssets } from '../server/sea.ts'

const quiet = { info() {}, warn() {} }

/**
 * Makes the snapshot unless the one there was made from the same migrations by the same PGlite (what it holds depends
 * on nothing else), so a rebuild of the server costs no initdb.
 */
export async function buildSnapshot(snapshot: Snapshot = BUILT_SNAPSHOT): Promise<void> {
  // Read once: the same files openDatabase applies below (a file edited meanwhile fails the start's check instead).
  const migrations = loadMigrations()
  if (!snapshotMismatch(snapshot, migrations)) return
  const work = mkdtempSync(join(tmpdir(), 'pyoraapu-snapshot-'))
  try {
    // Exactly what a start without a snapshot does: initdb, then the migrations over the wire protocol.
    const config = { DATA_DIR: work, DATABASE_URL: undefined, DATABASE_POOL_MAX: 1, DATABASE_CONNECT_TIMEOUT: 30 }
    const database = await openDatabase(config, quiet, { snapshot: false })
    await database.close()
    const db = await PGlite.create({ dataDir: join(work, 'pgdata'), ...(await pgliteAssets()) })
    let tarball: Blob
    try {
      tarball = await db.dumpDataDir('gzip')
    } finally {
      await db.close()
    }
    // The manifest is written last: a snapshot without one is not used, so a broken-off build is never half-used.
    mkdirSync(dirname(snapshot.tarball), { recursive: true })
    rmSync(snapshot.manifest, { force: true })
    writeFileSync(`${snapshot.tarball}.partial`, Buffer.from(await tarball.arrayBuffer()))
    renameSync(`${snapshot.tarball}.partial`, snapshot.tarball)
    writeFileSync(`${snapshot.manifest}.partial`, JSON.stringify(manifestFor(migrations, installedPgliteVersion())))
    renameSync(`${snapshot.manifest}.partial`, snapshot.manifest)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await buildSnapshot()
  console.log(`embedded database snapshot written to ${BUILT_SNAPSHOT.tarball}`)
}
