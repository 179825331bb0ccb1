/**
 * NOTIFY inside the commit as writers grow (docs/adr/0025-notify-inside-the-commit.md): how many
 * take-overs a second one PostgreSQL commits when each sends its NOTIFYs in its transaction, from 1, 8 and 32
 * writers on connections of their own, against the same take-overs without them in the same run. A transaction that
 * notifies takes a lock of the whole cluster from its pre-commit to its end, its WAL flush included, so notifying
 * commits queue one behind another where the others share their flushes; the ratio shows what that costs.
 *
 * Each take-over is the server's own (`requestChanges(...).takeOver`, server/domain/requests/change.ts: the locks,
 * then one statement with the rules, the write, the read-back, the owner's push queued and the NOTIFYs of the news
 * and of the push wake-up), run with the context the server gives it but without the server around it: the events
 * plugin's transaction (server/plugins/events.ts) with its delivery on this instance left out, and the push plugin's
 * parts. The baseline runs the same function with the notices the embedded mode gives (null: no `pg_notify`).
 * A listener is connected throughout, as every instance's bus is, and must hear every notification.
 * Asserts nothing. Part of `npm run bench` (`notifyWriters` below); alone it prints its own table:
 *
 *   npx tsx bench/notify-writers.ts [--quick]
 */
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import postgres, { type Sql } from 'postgres'
import type { Notice } from '../server/db/one-statement.ts'
import { requestChanges, type ChangeContext } from '../server/domain/requests/change.ts'
import type { Announcers, TransactionWork } from '../server/domain/requests/change-types.ts'
import type { RequestViewer } from '../server/domain/requests/requests.ts'
import { CHANNEL, payloadOf } from '../server/events/bus.ts'
import { pushesInStatement, queuePushes } from '../server/push/notifier.ts'
import { scratchDatabase } from './lib/database.ts'
import { formatRows } from './lib/print.ts'
import { compared, loadAverage, median, type Bench, type BenchRow } from './lib/report.ts'

/** The push plugin's wake-up channel (server/plugins/push.ts). */
const WAKE_CHANNEL = 'pyoraapu_push'
export const WRITER_COUNTS = [1, 8, 32]

/**
 * Today's expected national load at its peak hour, in changes a second (docs/adr/0025-notify-inside-the-commit.md,
 * "Today's national load", where the assumptions are): generous on purpose. The design needs no other bus while
 * the take-overs one PostgreSQL commits with NOTIFY in the commit stay above ten times it.
 */
export const NATIONAL_PEAK_CHANGES_PER_SECOND = 10
const TARGET = 10 * NATIONAL_PEAK_CHANGES_PER_SECOND

/**
 * What a window runs: the server's take-over, or the commit alone (a one-row update in a transaction of its own,
 * with or without one `pg_notify`), where the commit's lock weighs the most.
 */
export type Work = 'take-over' | 'commit alone'

export interface WritersResult {
  work: Work
  writers: number
  /** Transactions a second, with the NOTIFYs in the commit / without (medians of the rounds). */
  notifying: number
  silent: number
  notifyingRounds: number[]
  silentRounds: number[]
  /** This process's CPU per transaction (both kinds of window), to tell whether the generator was the limit. */
  clientCpuMs: number
}

export interface NotifyWritersResult {
  /** Transactions a window: take-overs, and commits alone. */
  changes: number
  commits: number
  rounds: number
  settings: string
  results: WritersResult[]
  /** Notifications the listener heard, against those the notifying windows committed. */
  heard: number
  expected: number
}

interface Pool {
  requests: number[]
  helpers: RequestViewer[]
}

/** `count` requests, each with an owner subscribed to push (so the take-over queues a push) and a helper of its own. */
async function fill(sql: Sql, count: number): Promise<Pool> {
  const users = await sql<Array<{ user_id: number; latitude: number; longitude: number; radius: number }>>`
    insert into users (user_name, phone, password_hash, radius, latitude, longitude, location_updated_at)
    select 'notify' || n, '+35840' || lpad(n::text, 7, '0'), 'not a real hash', 10,
      60.17 + (n % 100) * 0.001, 24.94 + (n / 100) * 0.001, now()
    from generate_series(1, ${2 * count}) as n
    returning user_id, latitude, longitude, radius
  `
  const owners = users.slice(0, count)
  const helpers = users.slice(count)
  await sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    select 'https://push.invalid/' || user_id, user_id, 'not a key', 'not a secret'
    from unnest(${owners.map((o) => o.user_id)}::int[]) as o (user_id)
  `
  const requests = await sql<Array<{ request_id: number }>>`
    insert into requests (owner_id, category, description, latitude, longitude)
    select owner_id, 'other', 'A flat tyre ' || ordinality, 60.17, 24.94
    from unnest(${owners.map((o) => o.user_id)}::int[]) with ordinality as o (owner_id, ordinality)
    order by ordinality
    returning request_id
  `
  // Every new request's search has a wave row, which the take-over pauses (lockForChange's 'pause').
  await sql`insert into push_waves (request_id) select unnest(${requests.map((r) => r.request_id)}::int[])`
  return {
    requests: requests.map((r) => r.request_id),
    helpers: helpers.map((h) => ({ ...h, is_admin: false, blocked_either_way: [] })),
  }
}

/** Every request new again, nobody helping, nothing queued: the next window takes them over anew. */
async function reset(sql: Sql): Promise<void> {
  await sql`delete from request_responses`
  await sql`delete from push_jobs`
  await sql`
    update requests set status = 'new', responder_id = null, responder_distance_km = null, first_responded_at = null
  `
  await sql`update push_waves set due_at = now()`
  await sql`vacuum analyze`
}

/**
 * What the server gives a change (server/plugins/events.ts's transaction, server/plugins/push.ts's pushes): the
 * notices of the server mode when `notify`, the embedded mode's (none) otherwise. Delivery on this instance after
 * the commit is left out: it is the same in both and not PostgreSQL's work.
 */
function contextOf(sql: Sql, notify: boolean): ChangeContext {
  const origin = randomUUID()
  const wake: Notice | null = notify ? { channel: WAKE_CHANNEL, payload: origin } : null
  const announcers: Announcers = {
    request: async () => {},
    message: async () => {},
    position: async () => {},
    thanks: async () => {},
    user: async () => {},
    notice: (message) => (notify ? { channel: CHANNEL, payload: payloadOf({ ...message, origin, vouch: 0 }) } : null),
  }
  return {
    events: {
      transaction: async <T>(work: TransactionWork<T>) => (await sql.begin((tx) => work(tx, announcers))) as T,
    },
    push: {
      async queuePushes(tx, cause, row) {
        await queuePushes(tx, cause, row)
        if (wake) await tx`select pg_notify(${wake.channel}, ${wake.payload})`
      },
      pushesInStatement: (tx, cause, request, names) => ({ ...pushesInStatement(tx, cause, request, names), wake }),
      wake: () => {},
    },
    limits: { reachKm: 10, revealsPerDay: 20 },
  }
}

/** Runs `count` transactions from every connection at once, each taking the next; answers them a second. */
async function timed(
  connections: Sql[],
  count: number,
  transaction: (sql: Sql, writer: number, index: number) => Promise<unknown>,
): Promise<{ perSecond: number; cpuMs: number }> {
  let next = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    connections.map(async (sql, writer) => {
      for (let index = next++; index < count; index = next++) await transaction(sql, writer, index)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  return { perSecond: count / seconds, cpuMs: (used.user + used.system) / 1000 }
}

/** Every request of the pool taken over, by its own helper, through the domain's function. */
function takeOvers(connections: Sql[], pool: Pool, notify: boolean) {
  const changes = connections.map((sql) => requestChanges(contextOf(sql, notify)))
  return timed(connections, pool.requests.length, (_sql, writer, index) =>
    changes[writer]!.takeOver(pool.helpers[index]!, pool.requests[index]!),
  )
}

/**
 * The commit alone: each writer updates a row of its own (its request's wave row) in a transaction, and notifies
 * in the same statement, as a change does; the baseline selects a constant instead.
 */
function commitsAlone(connections: Sql[], pool: Pool, count: number, notify: boolean) {
  const payload = payloadOf({ type: 'request', requestId: 0, previousHelperId: null, origin: randomUUID(), vouch: 0 })
  return timed(connections, count, (sql, writer) =>
    sql.begin(
      (tx) => tx`
        with touched as (
          update push_waves set waves = waves + 1 where request_id = ${pool.requests[writer]!} returning request_id
        )
        select ${notify ? tx`pg_notify(${CHANNEL}, ${payload})` : tx`1`} from touched
      `,
    ),
  )
}

/**
 * `changes` take-overs and `commits` commits alone a window, `rounds` interleaved pairs of windows (with, without)
 * per writer count.
 */
export async function measureNotifyWriters(
  changes: number,
  commits: number,
  rounds: number,
  log: (line: string) => void = () => {},
): Promise<NotifyWritersResult> {
  const database = await scratchDatabase('notify')
  let listener: Sql | undefined
  const connections: Sql[] = []
  try {
    const [setting] = await database.sql<Array<{ settings: string }>>`
      select string_agg(name || '=' || setting, ', ' order by name) as settings
      from pg_settings
      where name in ('fsync', 'synchronous_commit', 'commit_delay', 'wal_sync_method', 'server_version')
    `
    const pool = await fill(database.sql, changes)
    // The bus of an instance: it hears every notification of both channels.
    listener = postgres(database.url, { max: 1, onnotice: () => {} })
    let heard = 0
    await listener.listen(CHANNEL, () => void heard++)
    await listener.listen(WAKE_CHANNEL, () => void heard++)
    for (let i = 0; i < Math.max(...WRITER_COUNTS); i++) {
      const sql = postgres(database.url, { max: 1, onnotice: () => {} })
      await sql`select 1`
      connections.push(sql)
    }
    const results: WritersResult[] = []
    let expected = 0
    for (const work of ['take-over', 'commit alone'] as const) {
      // A take-over sends two notifications: its news and the push workers' wake-up.
      const [count, notices] = work === 'take-over' ? [changes, 2] : [commits, 1]
      for (const writers of WRITER_COUNTS) {
        const writing = connections.slice(0, writers)
        const notifyingRounds: number[] = []
        const silentRounds: number[] = []
        let cpuMs = 0
        for (let round = 0; round < rounds; round++) {
          for (const notify of [true, false]) {
            await reset(database.sql)
            const measured =
              work === 'take-over'
                ? await takeOvers(writing, pool, notify)
                : await commitsAlone(writing, pool, count, notify)
            ;(notify ? notifyingRounds : silentRounds).push(measured.perSecond)
            cpuMs += measured.cpuMs
            if (notify) expected += notices * count
            log(
              `${work}, ${writers} writers, ${notify ? 'NOTIFY in the commit' : 'no NOTIFY'}: ` +
                `${measured.perSecond.toFixed(0)}/s (load ${loadAverage()})`,
            )
          }
        }
        results.push({
          work,
          writers,
          notifying: median(notifyingRounds),
          silent: median(silentRounds),
          notifyingRounds,
          silentRounds,
          clientCpuMs: cpuMs / (2 * rounds * count),
        })
      }
    }
    // Every notification committed reaches the listener (in commit order): wait for the last, a few seconds at most.
    const deadline = performance.now() + 10_000
    while (heard < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    return { changes, commits, rounds, settings: setting?.settings ?? '', results, heard, expected }
  } finally {
    await Promise.all(connections.map((sql) => sql.end({ timeout: 1 })))
    await listener?.end({ timeout: 1 })
    await database.drop()
  }
}

const sizes = (quick: boolean) =>
  quick ? { changes: 200, commits: 600, rounds: 3 } : { changes: 500, commits: 1500, rounds: 5 }

function rowsOf(result: NotifyWritersResult): BenchRow[] {
  return result.results.map((r) => {
    const takeOver = r.work === 'take-over'
    const writers = `${r.writers} writer${r.writers === 1 ? '' : 's'}`
    return compared({
      group: 'notify writers',
      name: takeOver
        ? `${writers}: take-overs/s, NOTIFY in the commit`
        : `${writers}: commits alone/s (one-row update), NOTIFY in the commit`,
      value: r.notifying,
      unit: '/s',
      baseline: r.silent,
      // The take-overs of several writers are the limit the national load is held against (one writer is one
      // connection's round trips one after another, not a limit); the commit alone shows the lock's own ceiling.
      ...(takeOver && r.writers > 1
        ? {
            target: `≥ ${TARGET}/s (10× the national peak)`,
            met: r.notifying >= TARGET && result.heard === result.expected,
          }
        : {}),
      note:
        `baseline: the same ${takeOver ? 'take-overs' : 'commits'} without pg_notify; ` +
        `${takeOver ? result.changes : result.commits} a window, median of ${result.rounds} interleaved rounds ` +
        `(with ${r.notifyingRounds.map((n) => n.toFixed(0)).join(' ')}; without ` +
        `${r.silentRounds.map((n) => n.toFixed(0)).join(' ')}); client CPU ${r.clientCpuMs.toFixed(2)} ms a ` +
        `transaction; listener heard ${result.heard} of ${result.expected}; ${result.settings}; load ${loadAverage()}`,
    })
  })
}

export const notifyWriters: Bench = {
  name: 'notify writers',
  async run({ quick }) {
    const { changes, commits, rounds } = sizes(quick)
    return rowsOf(await measureNotifyWriters(changes, commits, rounds))
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { changes, commits, rounds } = sizes(process.argv.includes('--quick'))
  const before = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
  console.log(
    `take-overs (${changes} a window) and commits alone (${commits}), with and without NOTIFY in the commit, ` +
      `${rounds} interleaved rounds; ${cpus().length} CPUs, node ${process.version}, load average ${before}`,
  )
  const result = await measureNotifyWriters(changes, commits, rounds, (line) => console.log(`  ${line}`))
  console.log(`\n${result.settings}; load average before ${before}, after ${loadAverage()}`)
  console.log(`national peak (docs/adr/0025): ${NATIONAL_PEAK_CHANGES_PER_SECOND} changes/s; 10×: ${TARGET}/s\n`)
  console.log(formatRows(rowsOf(result)))
}
