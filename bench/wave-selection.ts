/**
 * Choosing a wave of helpers among many users (docs/performance.md: ≤ 10 ms p95 among 1,000,000):
 *   npx tsx bench/wave-selection.ts [--users 1000000] [--samples 400] [--keep]
 * Builds a scratch database on the PostgreSQL server of BENCH_DATABASE_URL (default the local one's postgres
 * database, used only to create and drop the scratch one), fills it with users at random points over Finland with
 * random radii 1–999 km (60% subscribed to push), then times server/push/wave-selection.ts's query at random
 * request points, interleaved with its baselines in the same run, and prints a table and the EXPLAIN ANALYZE.
 * Not part of npm test: filling a million users takes a minute or two. In `npm run bench` (`waveSelection`):
 * 1,000,000 users, or 100,000 with --quick.
 */
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { loadMigrations, migrate } from '../server/db/migrations.ts'
import { nextWaveRecipients, WAVE_SCAN_LIMIT, waveQuery, type WaveTarget } from '../server/push/wave-selection.ts'
import { ADMIN_DATABASE_URL } from './lib/database.ts'
import { compared, type Bench, type BenchRow } from './lib/report.ts'

const FIRST_WAVE = 15
/** Finland's bounding box, roughly: some points fall in the sea or next door, as some users are. */
const BOX = { south: 59.8, north: 70.0, west: 20.6, east: 31.5 }

const randomPoint = () => ({
  latitude: BOX.south + Math.random() * (BOX.north - BOX.south),
  longitude: BOX.west + Math.random() * (BOX.east - BOX.west),
})

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

export interface WaveCase {
  name: string
  samples: number
  p50: number
  p95: number
}

export interface WaveResult {
  users: number
  fillSeconds: number
  cases: WaveCase[]
  /** Where the first wave was asked for, then its EXPLAIN ANALYZE, a line per element. */
  plan: string[]
  baselinePlan: string[]
  loadAverage: number
}

/** Fills a scratch database with `users` users, times the cases interleaved, drops the database (unless `keep`). */
export async function measureWaves(
  USERS: number,
  SAMPLES: number,
  keep = false,
  log: (line: string) => void = console.log,
): Promise<WaveResult> {
  const adminUrl = ADMIN_DATABASE_URL
  const name = `pyoraapu_bench_waves_${randomBytes(4).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} })
  // The baseline plans every query afresh (no prepared statement, whose cached plan would still use the index).
  const withoutIndex = postgres(url.toString(), {
    max: 1,
    prepare: false,
    onnotice: () => {},
    connection: { enable_indexscan: 'off', enable_bitmapscan: 'off' },
  })

  try {
    await migrate(sql, loadMigrations())
    let started = performance.now()
    await sql`
      insert into users (user_name, phone, password_hash, radius, latitude, longitude, language)
      select 'bench' || g, '+3584' || lpad(g::text, 8, '0'), 'x', 1 + floor(random() * 999)::int,
        ${BOX.south}::float8 + random() * ${BOX.north - BOX.south}::float8,
        ${BOX.west}::float8 + random() * ${BOX.east - BOX.west}::float8, 'finnish'
      from generate_series(1, ${USERS}::int) g
    `
    await sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      select 'https://fcm.googleapis.com/fcm/send/bench-' || user_id, user_id, 'p256dh', 'auth'
      from users where random() < 0.6
    `
    await sql`vacuum analyze users`
    await sql`vacuum analyze push_subscriptions`
    // Each user's hourly alert quota (migration 00010's trigger made one row per user), read by every wave's filter.
    await sql`vacuum analyze push_alert_quota`
    const fillSeconds = (performance.now() - started) / 1000
    log(`${USERS} users, 60% subscribed, filled in ${fillSeconds.toFixed(1)} s`)

    // One request to attach alerts to: a later wave skips the 15 already alerted.
    const [owner] = await sql<{ user_id: number }[]>`select user_id from users order by user_id limit 1`
    const [request] = await sql<{ request_id: number }[]>`
      insert into requests (owner_id, category, description, latitude, longitude)
      values (${owner!.user_id}, 'other', 'bench', 62.0, 25.0) returning request_id`
    const target = (point = randomPoint()): WaveTarget => ({
      request_id: request!.request_id,
      owner_id: owner!.user_id,
      ...point,
    })

    const cases: Array<{ name: string; samples: number; run: () => Promise<unknown> }> = [
      {
        name: 'baseline: one user by primary key',
        samples: SAMPLES,
        run: () => sql`select user_id, radius from users where user_id = ${1 + Math.floor(Math.random() * USERS)}`,
      },
      {
        name: `first wave (${FIRST_WAVE} nearest within reach), GiST index`,
        samples: SAMPLES,
        run: () => nextWaveRecipients(sql, target(), FIRST_WAVE),
      },
      {
        // The same query timed inside PostgreSQL: without the round trip and the scheduling of a busy machine.
        name: `first wave, execution time inside PostgreSQL (EXPLAIN ANALYZE)`,
        samples: SAMPLES,
        run: async () => {
          const [row] = await sql<Array<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>>`
            explain (analyze, timing off, format json) ${waveQuery(sql, target(), FIRST_WAVE)}
          `
          executionTimes.push(row!['QUERY PLAN'][0]!['Execution Time'])
        },
      },
      {
        name: 'later wave (next 185 nearest), GiST index',
        samples: Math.ceil(SAMPLES / 4),
        run: async () => {
          const point = randomPoint()
          await sql.begin(async (tx) => {
            const first = await nextWaveRecipients(tx, target(point), FIRST_WAVE)
            await tx`insert into push_alerts (request_id, user_id, wave)
              select ${request!.request_id}, unnest(${first.map((r) => r.user_id)}::int[]), 1`
            const started = performance.now()
            await nextWaveRecipients(tx, target(point), 185)
            laterWave.push(performance.now() - started)
            await tx`delete from push_alerts where request_id = ${request!.request_id}`
          })
        },
      },
      {
        name: `worst case: nobody reaches (a point 2000 km away), scan stops at ${WAVE_SCAN_LIMIT}`,
        samples: Math.ceil(SAMPLES / 4),
        run: () => nextWaveRecipients(sql, target({ latitude: 45 + Math.random(), longitude: 10 + Math.random() }), 15),
      },
      {
        name: 'baseline: the same first-wave query without the index (sequential scan)',
        samples: 6,
        run: () => nextWaveRecipients(withoutIndex, target(), FIRST_WAVE),
      },
    ]
    const laterWave: number[] = []
    const executionTimes: number[] = []
    const timings = cases.map(() => [] as number[])
    // Warm-up, then rounds A, B, C… interleaved, so that the machine's load hits every case alike.
    for (const c of cases) await c.run()
    laterWave.length = 0
    executionTimes.length = 0
    started = performance.now()
    for (let round = 0; round < SAMPLES; round++) {
      for (const [i, c] of cases.entries()) {
        if (round % Math.ceil(SAMPLES / c.samples) === 0) timings[i]!.push(await timed(c.run))
      }
    }
    timings[2] = executionTimes
    timings[3] = laterWave

    const measured = cases.map((c, i) => {
      const sorted = [...timings[i]!].sort((a, b) => a - b)
      return { name: c.name, samples: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
    })
    log(`(${((performance.now() - started) / 1000).toFixed(1)} s of timed rounds)`)

    const point = randomPoint()
    const plan = await sql<Array<Record<string, string>>>`
      explain (analyze, buffers, costs off) ${waveQuery(sql, target(point), FIRST_WAVE)}
    `
    const baselinePlan = await withoutIndex<Array<Record<string, string>>>`
      explain (analyze, costs off) ${waveQuery(withoutIndex, target(point), FIRST_WAVE)}
    `
    return {
      users: USERS,
      fillSeconds,
      cases: measured,
      plan: [`(a first wave at ${point.latitude.toFixed(3)}, ${point.longitude.toFixed(3)})`, ...planLines(plan)],
      baselinePlan: planLines(baselinePlan),
      loadAverage: loadavg()[0]!,
    }
  } finally {
    await sql.end()
    await withoutIndex.end()
    if (keep) log(`kept the scratch database ${name}`)
    else await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

const planLines = (rows: Array<Record<string, string>>) => rows.map((row) => Object.values(row)[0]!)

/** The table and both plans, as the standalone command has always printed them. */
export function formatWaves(result: WaveResult): string {
  const base = result.cases[0]!.p50
  return [
    `\nwave selection among ${result.users.toLocaleString('en')} users (ms, round trip from Node, load ${result.loadAverage.toFixed(1)})`,
    '| query | samples | p50 | p95 | p50 ÷ baseline |',
    '|---|---:|---:|---:|---:|',
    ...result.cases.map(
      (c) => `| ${c.name} | ${c.samples} | ${c.p50.toFixed(2)} | ${c.p95.toFixed(2)} | ${(c.p50 / base).toFixed(1)} |`,
    ),
    `\nEXPLAIN ANALYZE of the baseline without the index, same point:`,
    ...result.baselinePlan,
    `\nEXPLAIN ANALYZE of a first wave ${result.plan[0]}:`,
    ...result.plan.slice(1),
  ].join('\n')
}

const TARGET_P95_MS = 10

export const waveSelection: Bench = {
  name: 'wave-selection',
  async run({ quick }) {
    const users = quick ? 100_000 : 1_000_000
    const result = await measureWaves(users, quick ? 200 : 400)
    console.log(formatWaves(result))
    const [primaryKey, firstWave, inside, laterWave, nobody, withoutIndex] = result.cases
    const scale = `${users.toLocaleString('en')} users${quick ? ' (--quick: 100k, not the 1M of the target)' : ''}`
    const indexLine = result.plan
      .find((line) => /Index Scan|Index Only Scan|Bitmap/.test(line))
      ?.replace(/^\s*(->)?\s*/, '')
    const row = (c: WaveCase, name: string, extra: Partial<BenchRow> = {}): BenchRow =>
      compared({
        group: 'wave selection',
        name,
        value: c.p95,
        unit: 'ms p95',
        baseline: primaryKey!.p95,
        note: `${scale}; ${c.samples} samples, p50 ${c.p50.toFixed(2)} ms; baseline: one user by primary key, same run`,
        ...extra,
      })
    return [
      row(firstWave!, `first wave (${FIRST_WAVE} nearest within reach)`, {
        target: `≤ ${TARGET_P95_MS} ms p95 among 1M`,
        met: firstWave!.p95 <= TARGET_P95_MS,
        note:
          `${scale}; ${firstWave!.samples} samples, p50 ${firstWave!.p50.toFixed(2)} ms; baseline: one user by ` +
          `primary key, same run; plan: ${indexLine ?? 'NO index scan in the EXPLAIN'}; filled in ${result.fillSeconds.toFixed(0)} s`,
      }),
      row(inside!, 'first wave, execution inside PostgreSQL'),
      row(laterWave!, 'later wave (next 185 nearest)'),
      row(nobody!, `nobody within reach (scan stops at ${WAVE_SCAN_LIMIT})`),
      row(withoutIndex!, 'first wave without the index (sequential scan)'),
    ]
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '1000000' },
      samples: { type: 'string', default: '400' },
      keep: { type: 'boolean', default: false },
    },
  })
  console.log(formatWaves(await measureWaves(Number(values.users), Number(values.samples), values.keep)))
}
