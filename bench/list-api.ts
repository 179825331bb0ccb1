/**
 * GET /api/requests through the real server against a baseline node:http + postgres.js server doing the same
 * SQL (server/domain/requests/list.ts, after the same session lookup) and JSON.stringify, under the same HTTP load,
 * interleaved. With 200 and with 10,000 requests visible to the viewer (an admin: every request is in their
 * list), the default list (all of them, docs/product.md#help-requests) and show-all's first page (100).
 *
 *   npm run build && npx tsx bench/list-api.ts [--quick]
 *
 * Each runs as a process of its own, as in production: the built bundle with production's settings
 * (`productionEnv` in bench/lib/processes.ts), and the baseline (bench/lib/list-baseline-server.ts), which skips
 * what Fastify adds around the same work: routing, the JWT check (it looks the session up by id), schema
 * validation of the query, hooks, security headers, request logging. CPU is read from /proc for each.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Sql } from 'postgres'
import { startSession } from '../server/domain/accounts/sessions.ts'
import { userById } from '../server/domain/accounts/users.ts'
import { accessToken } from './lib/access-token.ts'
import { notBuilt, SERVER_BUNDLE } from './lib/built.ts'
import { scratchDatabase } from './lib/database.ts'
import { compareServers, comparisonRows } from './lib/http-compare.ts'
import { printRows } from './lib/print.ts'
import { productionEnv, startServerBundle, startTsChild, type Child } from './lib/processes.ts'
import type { Bench, BenchRow } from './lib/report.ts'

const OWNERS = 1000

/** Owners at random points over Finland, and one admin who sees every request (the viewer). */
async function seedUsers(sql: Sql): Promise<{ adminId: number; firstOwner: number }> {
  const [admin] = await sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash, is_admin, latitude, longitude)
    values ('benchadmin', '+358400000000', 'x', true, 60.17, 24.94) returning user_id
  `
  const [first] = await sql<{ first: number }[]>`
    insert into users (user_name, phone, password_hash, latitude, longitude, radius)
    select 'owner' || g, '+3584' || lpad(g::text, 8, '0'), 'x', 59.8 + random() * 10, 21 + random() * 9,
      (array[5, 10, 10, 10, 25, 50])[1 + g % 6]
    from generate_series(1, ${OWNERS}::int) g
    returning user_id as first
  `
  return { adminId: admin!.user_id, firstOwner: first!.first }
}

/**
 * Requests `from`..`to` as the list meets them: mostly new, a third in progress, a tenth completed within the
 * history window, one in fifty without a location, newest updated first. No test or deleted ones.
 */
async function seedRequests(sql: Sql, firstOwner: number, from: number, to: number): Promise<void> {
  await sql`
    insert into requests (owner_id, category, status, description, latitude, longitude, is_approximate,
      responder_id, got_help, created_at, updated_at, completed_at)
    select ${firstOwner}::int + g % ${OWNERS}::int,
      (array['bicycle_maintenance', 'food_and_hydration', 'transportation_need', 'other'])[1 + g % 4],
      case when g % 10 = 0 then 'completed' when g % 3 = 0 then 'in progress' else 'new' end,
      'Takarengas puhki Keskuspuiston pyörätiellä, tarvitsen pumpun ja paikkasarjan (' || g || ')',
      case when g % 50 = 0 then null else 59.8 + random() * 10 end,
      case when g % 50 = 0 then null else 21 + random() * 9 end,
      g % 2 = 0,
      case when g % 10 = 0 or g % 3 = 0 then ${firstOwner}::int + (g + 7) % ${OWNERS}::int end,
      case when g % 10 = 0 then true end,
      now() - make_interval(mins => g), now() - make_interval(secs => g), 
      case when g % 10 = 0 then now() - interval '1 hour' end
    from generate_series(${from}::int, ${to}::int) g
  `
  await sql`vacuum analyze requests`
}

/** How many requests an answer carries and its size (the setup is checked, not assumed). */
async function answer(url: string, token: string): Promise<{ count: number; bytes: number }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const text = await response.text()
  const body: unknown = response.ok ? JSON.parse(text) : undefined
  return { count: Array.isArray(body) ? body.length : -response.status, bytes: Buffer.byteLength(text) }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

export const listApi: Bench = {
  name: 'list-api',
  async run({ quick }) {
    const missing = notBuilt('list API', SERVER_BUNDLE)
    if (missing) return missing
    const rounds = quick ? 3 : 5
    const seconds = quick ? 1 : 5
    const database = await scratchDatabase('list')
    const dir = mkdtempSync(join(tmpdir(), 'pyoraapu-bench-list-'))
    const env = productionEnv(database.url, dir)
    let server: Child | undefined
    let baseline: Child | undefined
    try {
      server = await startServerBundle(env, '/readyz')
      const { adminId, firstOwner } = await seedUsers(database.sql)
      const session = await startSession(database.sql, adminId)
      const token = await accessToken(env, (await userById(database.sql, adminId))!, session.sessionId)
      const auth = { authorization: `Bearer ${token}` }
      baseline = await startTsChild(
        'bench/lib/list-baseline-server.ts',
        { DATABASE_URL: database.url, SESSION_ID: session.sessionId, USER_ID: String(adminId) },
        '/__ready',
      )

      const rows: BenchRow[] = []
      let seeded = 0
      for (const visible of [200, 10_000]) {
        await seedRequests(database.sql, firstOwner, seeded + 1, visible)
        seeded = visible
        for (const [label, path] of [
          ['default list', '/api/requests'],
          ['show-all first page', '/api/requests?all=1'],
        ] as const) {
          const real = await answer(server.url + path, token)
          const base = await answer(baseline.url + path, token)
          // A 5 MB answer takes a second or more under this load: longer windows, so a run holds enough of them.
          const window = real.count > 1000 ? seconds * (quick ? 4 : 3) : seconds
          const comparison = await compareServers(
            { url: server.url + path, headers: auth, pid: server.pid },
            { url: baseline.url + path, headers: auth, pid: baseline.pid },
            rounds,
            window,
          )
          const [throughput, cpu] = comparisonRows(
            'list API',
            `${visible / 1000}k visible, ${label} (${real.count} in the answer)`,
            'node:http + postgres.js, the same SQL and JSON.stringify',
            comparison,
            `; answers ${kb(real.bytes)} (baseline ${kb(base.bytes)}, ${base.count} requests), uncompressed`,
          )
          rows.push(throughput!, cpu!)
          console.log(
            `   ${throughput!.name}: ${throughput!.value.toFixed(1)} req/s, ratio ${throughput!.ratio!.toFixed(2)}`,
          )
        }
      }
      return rows
    } finally {
      await baseline?.stop()
      await server?.stop()
      await database.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printRows(await listApi.run({ quick: process.argv.includes('--quick') }))
}
