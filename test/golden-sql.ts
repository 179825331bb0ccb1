import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../server/config.ts'
import { buildTestApp } from './helper.ts'

/**
 * The SQL of each change, kept in one readable place (docs/architecture.md, "Each change's SQL, in one place"):
 * every change is made once through the API, the statements the server sends to PostgreSQL during that one call are
 * recorded through the pool's debug hook (buildServer's `databaseDebug`) and compared with
 * test/server/golden-sql/<change>.sql. A diff of those files shows what a change does to the database.
 * `UPDATE_GOLDEN=1` rewrites them instead (docs/testing.md, "Golden SQL").
 */
const GOLDEN_DIR = join(import.meta.dirname, 'server', 'golden-sql')
const UPDATE = process.env.UPDATE_GOLDEN === '1'

/**
 * Statements a call may or may not send depending on what the instance holds or when it runs, not on the change, left
 * out of the golden copies: the session check (server/domain/accounts/sessions.ts), answered from the session cache
 * while the bus is current (docs/adr/0010-session-cache.md), which depends on heartbeat timing and on which user
 * called before; postgres.js's lookup of the array types, sent once by each new connection of the pool before its
 * first array parameter; and this instance's report of its live count (server/events/live-stats.ts), sent by a timer.
 */
const NOT_THE_CHANGE: RegExp[] = [
  / from sessions s join users u using \(user_id\) where s\.session_id = \$1 /,
  /^select b\.oid, b\.typarray from pg_catalog\.pg_type a /,
  /^(insert into|delete from) live_instances /,
]

/** One line per statement: whitespace collapsed; `$n` placeholders stay, so no id or time appears. */
function normalise(statement: string): string {
  return statement.replace(/\s+/g, ' ').trim()
}

export interface GoldenSql {
  app: FastifyInstance
  /** Records the statements of exactly one call, which must answer `status`, as the change `name`. */
  record: <T extends { status: number }>(
    name: string,
    call: string,
    status: number,
    run: () => Promise<T>,
  ) => Promise<T>
  /** Compares each recorded change with its golden file, or rewrites the files with UPDATE_GOLDEN=1. */
  compare: () => void
}

/**
 * The app whose calls are recorded. No push worker: its passes run on the same pool at any time, and a change only
 * queues pushes for it. The housekeeping and live-count timers run hourly and per minute; a test this short does
 * not meet them, and if one did, its statements would show in the diff as a statement not of the change.
 */
export async function goldenSqlApp(
  t: Test,
  overrides: Partial<Config> = {},
  serverOptions: Parameters<typeof buildTestApp>[2] = {},
): Promise<GoldenSql> {
  const recorded: string[] = []
  let recording = false
  const app = await buildTestApp(t, overrides, {
    ...serverOptions,
    pushWorker: { worker: false },
    databaseDebug: (_connection, query) => {
      if (recording) recorded.push(normalise(query))
    },
  })
  const changes: Array<{ name: string; call: string; statements: string[] }> = []
  return {
    app,
    record: async (name, call, status, run) => {
      recorded.length = 0
      recording = true
      let answer
      try {
        answer = await run()
      } finally {
        recording = false
      }
      t.equal(answer.status, status, `${name}: ${call} answers ${status}`)
      changes.push({ name, call, statements: recorded.filter((s) => !NOT_THE_CHANGE.some((re) => re.test(s))) })
      return answer
    },
    compare: () => {
      if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true })
      for (const { name, call, statements } of changes) {
        const file = join(GOLDEN_DIR, `${name}.sql`)
        const text = [`-- ${call}`, ...statements].join('\n\n') + '\n'
        if (UPDATE) {
          writeFileSync(file, text)
          continue
        }
        let golden = ''
        try {
          golden = readFileSync(file, 'utf8')
        } catch {
          // A missing file compares as empty: the failure below says how to write it.
        }
        t.equal(
          text,
          golden,
          `${name}: the SQL differs from test/server/golden-sql/${name}.sql; if the change is meant, rewrite the ` +
            'files with UPDATE_GOLDEN=1 npx tap test/server/golden-sql*.test.ts and review their diff',
        )
      }
    },
  }
}
