import { setTimeout as sleep } from 'node:timers/promises'
import { resolve } from 'node:path'
import postgres, { type Sql } from 'postgres'
import type { Config } from '../config.ts'
import type { EmbeddedPostgres } from './embedded.ts'
import type { Snapshot } from './snapshot.ts'
import { DatabaseUnreachableError, isDatabaseUnavailable } from './errors.ts'
import { loadMigrations, migrate } from './migrations.ts'

export interface Database {
  sql: Sql
  mode: 'server' | 'embedded'
  /** Where the data lives, safe to log: a URL without its password, or a folder. */
  location: string
  close(): Promise<void>
  /**
   * With a PostgreSQL server: a client of one connection of its own, outside the pool, for work that must never wait
   * behind the requests for a connection (the bus's heartbeats, server/events/bus.ts). Its caller ends it.
   */
  ownConnection?: () => Sql
}

interface Logger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX' | 'DATABASE_CONNECT_TIMEOUT' | 'DATA_DIR'>

/**
 * postgres.js's `debug` option: called with each statement as the driver sends it. Only for tests, which read the
 * statements a change sends (test/server/golden-sql.test.ts); production passes none. With it set, the driver's errors
 * also carry their query and parameters as enumerable fields: fine in a test, never wanted in production logs.
 */
export type StatementHook = (connection: number, query: string, parameters: unknown[], paramTypes: unknown[]) => void

/**
 * Seconds `sql.end()` waits for running queries at shutdown. It must be bounded: after a lost connection
 * postgres.js's end() never resolves by itself (porsager/postgres#1130, fix pending in #1142).
 */
const END_TIMEOUT = 3

const DRIVER_OPTIONS = {
  connect_timeout: 5,
  idle_timeout: 60,
  max_lifetime: 60 * 30,
  onnotice: () => {},
} satisfies postgres.Options<Record<string, never>>

/**
 * Opens the configured database, waits until it answers, and brings its schema up to date. `snapshot` is what a new
 * embedded data folder starts from (the build's by default, server/db/snapshot.ts); false runs initdb instead.
 */
export async function openDatabase(
  config: DatabaseConfig,
  log: Logger,
  options: { snapshot?: Snapshot | false; debug?: StatementHook | undefined } = {},
): Promise<Database> {
  const database = config.DATABASE_URL
    ? connectToServer(config.DATABASE_URL, config.DATABASE_POOL_MAX, log, options.debug)
    : await startEmbedded(config.DATA_DIR, log, options.snapshot, options.debug)
  try {
    await waitUntilReachable(database, config.DATABASE_CONNECT_TIMEOUT, log)
    const { applied, alreadyApplied } = await migrate(database.sql, loadMigrations())
    log.info({ applied: applied.map((m) => m.file), alreadyApplied }, 'database schema is up to date')
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
  return database
}

function connectToServer(url: string, poolMax: number, log: Logger, debug: StatementHook | undefined): Database {
  const location = redactPassword(url)
  log.info({ mode: 'server', database: location }, `database: PostgreSQL server at ${location}`)
  // The hook sees the pool only, not ownConnection's heartbeats (never part of a request).
  const sql = postgres(url, { ...DRIVER_OPTIONS, max: poolMax, ...(debug ? { debug } : {}) })
  return {
    sql,
    mode: 'server',
    location,
    close: () => sql.end({ timeout: END_TIMEOUT }),
    ownConnection: () => postgres(url, { ...DRIVER_OPTIONS, max: 1 }),
  }
}

/**
 * One connection only. pglite-socket queues each protocol message separately, so the Parse/Bind/Execute of two
 * connections interleave and clobber each other's unnamed portal ("portal does not exist", or another query's
 * rows). PGlite runs one statement at a time anyway; with a single connection postgres.js does the queueing,
 * and transactions stay isolated because `sql.begin` holds that connection until commit.
 */
const EMBEDDED_CONNECTIONS = 1

async function startEmbedded(
  dataDir: string,
  log: Logger,
  snapshot: Snapshot | false | undefined,
  debug: StatementHook | undefined,
): Promise<Database> {
  const location = resolve(dataDir, 'pgdata')
  log.info({ mode: 'embedded', dataDir: location }, `database: embedded PostgreSQL (PGlite) in ${location}`)
  const started = Date.now()
  // One spare socket so a reconnect is never refused while the old socket is still closing.
  // Loaded only without DATABASE_URL: PGlite is a sixth of a second of every start on a PostgreSQL server.
  const { startEmbeddedPostgres } = await import('./embedded.ts')
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres(dataDir, EMBEDDED_CONNECTIONS + 1, snapshot)
  const from = embedded.snapshot.restored
    ? 'the snapshot'
    : `its folder (snapshot not used: ${embedded.snapshot.reason})`
  log.info({ ms: Date.now() - started, snapshot: embedded.snapshot }, `embedded PostgreSQL started from ${from}`)
  const sql = postgres({
    ...DRIVER_OPTIONS,
    path: embedded.socketPath,
    database: 'postgres',
    username: 'postgres',
    max: EMBEDDED_CONNECTIONS,
    ...(debug ? { debug } : {}),
  })
  return {
    sql,
    mode: 'embedded',
    location,
    async close() {
      await sql.end({ timeout: END_TIMEOUT })
      await embedded.stop()
    },
  }
}

async function waitUntilReachable(database: Database, timeoutSeconds: number, log: Logger): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000
  let delay = 250
  for (let attempt = 1; ; attempt++) {
    try {
      await database.sql`select 1`
      return
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      const remaining = deadline - Date.now()
      const reason = (error as Error).message
      if (remaining <= 0) {
        throw new DatabaseUnreachableError(
          `Could not reach the database at ${database.location} within ${timeoutSeconds} s (${attempt} attempts): ${reason}`,
        )
      }
      log.warn({ attempt, retryInMs: Math.min(delay, remaining), reason }, 'database not reachable yet, retrying')
      await sleep(Math.min(delay, remaining))
      delay = Math.min(delay * 2, 4000)
    }
  }
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://(unparseable url)'
  }
}
