/**
 * Static assets through the real server (the build's files held in memory with their precompressed .br copies,
 * server/plugins/web-app.ts) against a node:http server sending the same brotli bytes from memory, under the same
 * HTTP load, interleaved: the entry JS chunk and index.html, with `Accept-Encoding: br` as browsers send it. The
 * target: at most 3× the baseline's CPU per request.
 *
 *   npm run build && npx tsx bench/static.ts [--quick]
 */
import { readFileSync } from 'node:fs'
import { createServer, get, type Server } from 'node:http'
import { join } from 'node:path'
import { closeServer, listenLocal, startAppServer } from './lib/app-server.ts'
import { indexHtmlAssets, notBuilt, WEB_DIST } from './lib/built.ts'
import { scratchDatabase } from './lib/database.ts'
import { compareServers, comparisonRows } from './lib/http-compare.ts'
import { printRows } from './lib/print.ts'
import type { Bench, BenchRow } from './lib/report.ts'

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
  type: string
  cacheControl: string
}

/** The same brotli bytes and the headers a browser needs, from memory: the least a server can do. */
function baselineServer(assets: Asset[]): Server {
  const answers = new Map(
    assets.map((asset) => [
      asset.path,
      {
        body: readFileSync(`${asset.file}.br`),
        headers: {
          'content-type': asset.type,
          'content-encoding': 'br',
          vary: 'accept-encoding',
          'cache-control': asset.cacheControl,
        },
      },
    ]),
  )
  return createServer((request, response) => {
    const answer = answers.get(request.url ?? '')
    if (!answer) return response.writeHead(404).end()
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length }).end(answer.body)
  })
}

/** One GET as the bytes came (fetch would decode the brotli): what goes over the wire. */
function wire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: ACCEPT }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' }))
    }).on('error', reject)
  })
}

export const staticAssets: Bench = {
  name: 'static',
  async run({ quick }) {
    const missing = notBuilt(GROUP, join(WEB_DIST, 'index.html'))
    if (missing) return missing
    const entry = indexHtmlAssets().scripts[0]!
    const assets: Asset[] = [
      {
        label: `entry chunk ${entry}`,
        path: entry,
        file: join(WEB_DIST, entry),
        type: 'text/javascript; charset=utf-8',
        cacheControl: 'public, max-age=31536000, immutable',
      },
      {
        label: 'index.html (/)',
        path: '/',
        file: join(WEB_DIST, 'index.html'),
        type: 'text/html; charset=utf-8',
        cacheControl: 'no-cache',
      },
    ]
    const rounds = 3
    const seconds = quick ? 1 : 5
    const database = await scratchDatabase('static')
    let server: Awaited<ReturnType<typeof startAppServer>> | undefined
    const baseline = baselineServer(assets)
    try {
      server = await startAppServer(database.url)
      const baselineUrl = await listenLocal(baseline)
      const rows: BenchRow[] = []
      for (const asset of assets) {
        const sent = await wire(server.url + asset.path)
        const raw = readFileSync(asset.file).length
        const comparison = await compareServers(
          { url: server.url + asset.path, headers: ACCEPT, server: server.app.server },
          { url: baselineUrl + asset.path, headers: ACCEPT, server: baseline },
          rounds,
          seconds,
        )
        const [throughput, cpu] = comparisonRows(
          GROUP,
          asset.label,
          'node:http sending the same .br bytes from memory',
          comparison,
          `; the real server answered content-encoding ${sent.encoding}, ` +
            `${(sent.bytes / 1024).toFixed(1)} KB on the wire of ${(raw / 1024).toFixed(1)} KB`,
        )
        rows.push(throughput!, { ...cpu!, target: `≤ ${CPU_TARGET}× baseline`, met: cpu!.ratio! <= CPU_TARGET })
      }
      return rows
    } finally {
      await closeServer(baseline)
      await server?.close()
      await database.drop()
    }
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printRows(await staticAssets.run({ quick: process.argv.includes('--quick') }))
}
