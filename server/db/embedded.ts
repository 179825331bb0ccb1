import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile, writeFile, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { pgliteAssets } from '../sea.ts'
import { loadMigrations } from './migrations.ts'
import { BUILT_SNAPSHOT, restoreSnapshot, type Snapshot } from './snapshot.ts'

export interface EmbeddedPostgres {
  /** Full path of the unix socket that speaks the PostgreSQL wire protocol. */
  socketPath: string
  dataDir: string
  /** How the data folder was found: restored from the build's snapshot, or why not (an existing database, ...). */
  snapshot: { restored: true } | { restored: false; reason: string }
  stop(): Promise<void>
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another running instance (pid ${pid}); stop it or choose another DATA_DIR`)
    this.name = 'DataDirInUseError'
  }
}

/**
 * PGlite is PostgreSQL compiled to WASM, running inside this process. pglite-socket puts the wire protocol
 * in front of it so postgres.js, the same driver and SQL as production, can talk to it. The socket is a unix
 * socket in a private temporary folder: the embedded server has no authentication, so it must not be reachable
 * by other users on the machine.
 */
export async function startEmbeddedPostgres(
  dataDirRoot: string,
  maxConnections: number,
  snapshot: Snapshot | false = BUILT_SNAPSHOT,
): Promise<EmbeddedPostgres> {
  const root = resolve(dataDirRoot)
  mkdirSync(root, { recursive: true })
  const dataDir = join(root, 'pgdata')
  const releaseLock = await lockDataDir(join(root, 'pgdata.pid'), root)

  let db: PGlite | undefined
  let server: PGLiteSocketServer | undefined
  const socketDir = mkdtempSync(join(tmpdir(), 'pyoraapu-pg-'))
  const socketPath = join(socketDir, '.s.PGSQL.5432')
  let restored: EmbeddedPostgres['snapshot']
  try {
    // A new data folder starts from the snapshot: PGlite then finds a database and skips initdb (seconds).
    const reason = snapshot ? restoreSnapshot(snapshot, dataDir, loadMigrations()) : 'no snapshot asked for'
    restored = reason ? { restored: false, reason } : { restored: true }
    db = await PGlite.create({ dataDir, startParams: EMBEDDED_START_PARAMS, ...(await pgliteAssets()) })
    server = new PGLiteSocketServer({ db, path: socketPath, maxConnections })
    await server.start()
  } catch (error) {
    await server?.stop().catch(() => {})
    await db?.close().catch(() => {})
    rmSync(socketDir, { recursive: true, force: true })
    await releaseLock()
    throw error
  }

  const startedServer = server
  const startedDb = db
  return {
    socketPath,
    dataDir,
    snapshot: restored,
    async stop() {
      await startedServer.stop()
      await startedDb.close()
      rmSync(socketDir, { recursive: true, force: true })
      await releaseLock()
    },
  }
}

/**
 * PGlite's own start parameters, plus a smaller shared memory than the data folder's postgresql.conf asks for
 * (128 MB of shared_buffers, 100 connections): PGlite's PostgreSQL sets up that memory in WebAssembly on every open,
 * which was 0.3-0.5 s of CPU of each start here (docs/performance.md, "Embedded cold start"). One backend serves the
 * socket (EMBEDDED_CONNECTIONS in database.ts), and PGlite's data files are read through the operating system's page
 * cache, so 16 MB of buffers still hold an embedded installation's working set.
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=5',
]

/** Data folders this process has open; a PID file naming our own PID is stale unless listed here. */
const openInThisProcess = new Set<string>()

/** PGlite must never be opened twice at once (two processes, or twice in one): that corrupts the data folder. */
export async function lockDataDir(pidFile: string, dataDir: string): Promise<() => Promise<void>> {
  if (openInThisProcess.has(dataDir)) throw new DataDirInUseError(dataDir, process.pid)
  try {
    await writeFile(pidFile, String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = Number((await readFile(pidFile, 'utf8')).trim())
    if (holder && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder)
    // A stale lock from a process that crashed (in a container, even one with our PID): take it over.
    await writeFile(pidFile, String(process.pid))
  }
  openInThisProcess.add(dataDir)
  return async () => {
    openInThisProcess.delete(dataDir)
    await unlink(pidFile).catch(() => {})
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
