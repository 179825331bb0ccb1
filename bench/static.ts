/**
 * Static assets through the real server (the build's files held in memory with their precompressed .br copies,
 * server/plugins/web-app.ts) against node:http sending the same bytes from memory, under the same HTTP load,
 * interleaved: the entry JS chunk and index.html, with `Accept-Encoding: br, gzip` as browsers send it. Each runs as
 * a process of its own, as in production: the built bundle with production's settings, and the baseline
 * (bench/lib/same-answers.ts) answering with the status, headers and bytes the server sent. The target: at most 3×
 * the baseline's CPU per request.
 *
 *   npm run build && npx tsx bench/static.ts [--quick]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { indexHtmlAssets, notBuilt, SERVER_BUNDLE, WEB_DIST } from './lib/built.ts'
import { scratchDatabase } from './lib/database.ts'
import { compareServers, comparisonRows } from './lib/http-compare.ts'
import { printRows } from './lib/print.ts'
import { productionEnv, startServerBundle, type Child } from './lib/processes.ts'
import type { Bench, BenchRow } from './lib/report.ts'
import { answerKey, startSameAnswersServer, wire, type Answer } from './lib/same-answers.ts'

const GROUP = 'static assets'
/** The most CPU per request, as a multiple of the baseline's, the issue allows. */
const CPU_TARGET = 3
const ACCEPT = { 'accept-encoding': 'br, gzip' }

interface Asset {
  label: string
  /** The path a browser asks for. */
  path: string
  /** The file it is answered from. */
  file: string
}

export const staticAssets: Bench = {
  name: 'static',
  async run({ quick }) {
    const missing = notBuilt(GROUP, join(WEB_DIST, 'index.html')) ?? notBuilt(GROUP, SERVER_BUNDLE)
    if (missing) return missing
    const entry = indexHtmlAssets().scripts[0]!
    const assets: Asset[] = [
      {
        label: `entry chunk ${entry}`,
        path: entry,
        file: join(WEB_DIST, entry),
      },
      {
        label: 'index.html (/)',
        path: '/',
        file: join(WEB_DIST, 'index.html'),
      },
    ]
    const rounds = 3
    const seconds = quick ? 1 : 5
    const database = await scratchDatabase('static')
    const dir = mkdtempSync(join(tmpdir(), 'pyoraapu-bench-static-'))
    let server: Child | undefined
    let baseline: Child | undefined
    try {
      server = await startServerBundle(productionEnv(database.url, dir), '/readyz')
      const answers = new Map<string, Answer>()
      for (const asset of assets)
        answers.set(answerKey(asset.path, ACCEPT), await wire(server.url + asset.path, ACCEPT))
      baseline = await startSameAnswersServer(dir, answers)
      const rows: BenchRow[] = []
      for (const asset of assets) {
        const sent = answers.get(answerKey(asset.path, ACCEPT))!
        const raw = readFileSync(asset.file).length
        const comparison = await compareServers(
          { url: server.url + asset.path, headers: ACCEPT, pid: server.pid },
          { url: baseline.url + asset.path, headers: ACCEPT, pid: baseline.pid },
          rounds,
          seconds,
        )
        const [throughput, cpu] = comparisonRows(
          GROUP,
          asset.label,
          'node:http in its own process sending the same answer (status, headers, bytes) from memory',
          comparison,
          `; the real server (the bundle, its own process, NODE_ENV=production) answered ${sent.status}, ` +
            `content-encoding ${sent.headers['content-encoding'] ?? 'none'}, ` +
            `${(sent.body.length / 1024).toFixed(1)} KB on the wire of ${(raw / 1024).toFixed(1)} KB`,
        )
        rows.push(throughput!, { ...cpu!, target: `≤ ${CPU_TARGET}× baseline`, met: cpu!.ratio! <= CPU_TARGET })
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
  printRows(await staticAssets.run({ quick: process.argv.includes('--quick') }))
}
