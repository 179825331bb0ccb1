/**
 * What Fastify and our plugins add to a small request: the real server against node:http answering the same bytes
 * from memory, under the same HTTP load, interleaved. `GET /healthz` (the least a route does) and the public
 * service list, `GET /api/services`, both as a 304 (a revalidation, the usual request of a returning browser) and
 * as a 200 with the brotli copy a browser takes. The baselines send the same answers, headers and bytes, from
 * memory, without routing, hooks, validation or log lines.
 *
 * Each runs as a process of its own, as it would in production: the server is the built bundle
 * (dist/server/pyoraapu.mjs, `npm start`) with NODE_ENV=production, a PostgreSQL server (a scratch database),
 * JWT_SECRET, METRICS_TOKEN (metrics on) and the default log level (info, to a pipe this bench reads, as journald
 * would); the baseline is bench/lib/same-answers-server.ts. CPU is read from /proc for each.
 *
 *   npm run build && npx tsx bench/request-cost.ts [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { notBuilt, SERVER_BUNDLE } from './lib/built.ts'
import { scratchDatabase } from './lib/database.ts'
import { compareServers, comparisonRows } from './lib/http-compare.ts'
import { printRows } from './lib/print.ts'
import { productionEnv, startServerBundle, type Child } from './lib/processes.ts'
import { loadAverage, type Bench, type BenchRow } from './lib/report.ts'
import { answerKey, startSameAnswersServer, wire, type Answer } from './lib/same-answers.ts'

const GROUP = 'request cost'
/** As wrk was run for the figures in docs/performance.md: enough connections to keep both cores busy. */
const CONNECTIONS = 32
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd'

interface Case {
  label: string
  path: string
  headers: Record<string, string>
  /** The least ratio of throughput to the baseline's (issue's target). */
  target: number
}

export const requestCost: Bench = {
  name: 'request-cost',
  async run({ quick }) {
    const missing = notBuilt(GROUP, SERVER_BUNDLE)
    if (missing) return missing
    const rounds = 3
    const seconds = quick ? 1 : 5
    const started = new Date().toISOString()
    const loadBefore = loadAverage()
    const database = await scratchDatabase('requests')
    const dir = mkdtempSync(join(tmpdir(), 'pyoraapu-bench-requests-'))
    let server: Child | undefined
    let baseline: Child | undefined
    try {
      // The sample services a new installation gets (seed/services.sample.geojson): the list a browser loads.
      server = await startServerBundle(productionEnv(database.url, dir), '/readyz')
      const list = await wire(server.url + '/api/services', { 'accept-encoding': BROWSER_ENCODINGS })
      const cases: Case[] = [
        { label: 'GET /healthz', path: '/healthz', headers: {}, target: 0.8 },
        {
          label: 'GET /api/services, 304',
          path: '/api/services',
          headers: { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': list.headers.etag! },
          target: 0.8,
        },
        {
          label: `GET /api/services, 200 (${list.headers['content-encoding'] ?? 'identity'}, ${list.body.length} bytes)`,
          path: '/api/services',
          headers: { 'accept-encoding': BROWSER_ENCODINGS },
          target: 0.8,
        },
      ]
      const answers = new Map<string, Answer>()
      for (const c of cases) {
        answers.set(answerKey(c.path, c.headers), await wire(server.url + c.path, c.headers))
      }
      baseline = await startSameAnswersServer(dir, answers)

      const rows: BenchRow[] = []
      for (const c of cases) {
        const real = answers.get(answerKey(c.path, c.headers))!
        const comparison = await compareServers(
          { url: server.url + c.path, headers: c.headers, pid: server.pid },
          { url: baseline.url + c.path, headers: c.headers, pid: baseline.pid },
          rounds,
          seconds,
          CONNECTIONS,
        )
        const [throughput, cpu] = comparisonRows(
          GROUP,
          c.label,
          'node:http in its own process sending the same answer (status, headers, bytes) from memory',
          comparison,
          `; the real server (the bundle, its own process, NODE_ENV=production, PostgreSQL, metrics on, logs at ` +
            `info to a pipe) answered ${real.status}, ${real.body.length} bytes, with ` +
            `${Object.keys(real.headers).length} headers; started ${started}, load ${loadBefore} before`,
        )
        rows.push({ ...throughput!, target: `≥ ${c.target}× baseline`, met: throughput!.ratio! >= c.target }, cpu!)
        console.log(
          `   ${throughput!.name}: ${throughput!.value.toFixed(0)} req/s, ratio ${throughput!.ratio!.toFixed(2)}; ` +
            `CPU ${cpu!.value.toFixed(4)} against ${cpu!.baseline!.toFixed(4)} ms (${cpu!.ratio!.toFixed(2)}×); ` +
            `load ${comparison.loadAverage}`,
        )
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
  printRows(await requestCost.run({ quick: process.argv.includes('--quick') }))
}
