/**
 * What Fastify and our plugins add to a small request: the real server against node:http answering the same bytes
 * from memory, under the same HTTP load, interleaved. `GET /healthz` (the least a route does) and the public
 * service list, `GET /api/services`, both as a 304 (a revalidation, the usual request of a returning browser) and
 * as a 200 with the brotli copy a browser takes. The baselines send the same answers, headers and bytes, from
 * memory, without routing, hooks, validation or log lines.
 *
 *   npx tsx bench/request-cost.ts [--quick]
 */
import { createServer, get, type Server } from 'node:http'
import { closeServer, listenLocal, startAppServer } from './lib/app-server.ts'
import { scratchDatabase } from './lib/database.ts'
import { compareServers, comparisonRows } from './lib/http-compare.ts'
import { printRows } from './lib/print.ts'
import type { Bench, BenchRow } from './lib/report.ts'

const GROUP = 'request cost'
/** As wrk was run for the figures in docs/performance.md: enough connections to keep both cores busy. */
const CONNECTIONS = 32
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd'

interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One answer of the real server as it went over the wire (fetch would decode the brotli). */
function wire(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      )
    }).on('error', reject)
  })
}

/** Headers node:http writes by itself (and the baseline's own transfer framing): not copied. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

/**
 * node:http answering each path from memory with the real server's status, headers and bytes: the same answer on
 * the wire (its x-request-id a fixed UUID of the same length), without routing, hooks, validation or log lines.
 */
function baselineServer(answers: Map<string, Answer>): Server {
  const prepared = new Map(
    [...answers].map(([key, answer]) => {
      const headers: Record<string, string | number> = { 'content-length': answer.body.length }
      for (const [name, value] of Object.entries(answer.headers)) if (!NODE_OWN.has(name)) headers[name] = value
      if (headers['x-request-id'] !== undefined) headers['x-request-id'] = '00000000-0000-4000-8000-000000000000'
      return [key, { status: answer.status, headers, body: answer.body }]
    }),
  )
  return createServer((request, response) => {
    const answer = prepared.get(`${request.url} ${request.headers['if-none-match'] ?? ''}`)
    if (!answer) return response.writeHead(404).end()
    response.writeHead(answer.status, answer.headers).end(answer.body)
  })
}

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
    const rounds = 3
    const seconds = quick ? 1 : 5
    const database = await scratchDatabase('requests')
    let server: Awaited<ReturnType<typeof startAppServer>> | undefined
    let baseline: Server | undefined
    try {
      // The sample services a new installation gets (seed/services.sample.geojson): the list a browser loads.
      server = await startAppServer(database.url)
      const list = await wire(server.url + '/api/services', { 'accept-encoding': BROWSER_ENCODINGS })
      const cases: Case[] = [
        { label: 'GET /healthz', path: '/healthz', headers: {}, target: 0.8 },
        {
          label: 'GET /api/services, 304',
          path: '/api/services',
          headers: { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': list.headers.etag! },
          target: 0.7,
        },
        {
          label: `GET /api/services, 200 (${list.headers['content-encoding'] ?? 'identity'}, ${list.body.length} bytes)`,
          path: '/api/services',
          headers: { 'accept-encoding': BROWSER_ENCODINGS },
          target: 0.7,
        },
      ]
      const answers = new Map<string, Answer>()
      for (const c of cases) {
        answers.set(`${c.path} ${c.headers['if-none-match'] ?? ''}`, await wire(server.url + c.path, c.headers))
      }
      baseline = baselineServer(answers)
      const baselineUrl = await listenLocal(baseline)

      const rows: BenchRow[] = []
      for (const c of cases) {
        const real = answers.get(`${c.path} ${c.headers['if-none-match'] ?? ''}`)!
        const comparison = await compareServers(
          { url: server.url + c.path, headers: c.headers, server: server.app.server },
          { url: baselineUrl + c.path, headers: c.headers, server: baseline },
          rounds,
          seconds,
          CONNECTIONS,
        )
        const [throughput, cpu] = comparisonRows(
          GROUP,
          c.label,
          'node:http sending the same answer (status, headers, bytes) from memory',
          comparison,
          `; the real server answered ${real.status}, ${real.body.length} bytes, with ${Object.keys(real.headers).length} headers`,
        )
        rows.push({ ...throughput!, target: `≥ ${c.target}× baseline`, met: throughput!.ratio! >= c.target }, cpu!)
        console.log(
          `   ${throughput!.name}: ${throughput!.value.toFixed(0)} req/s, ratio ${throughput!.ratio!.toFixed(2)}`,
        )
      }
      return rows
    } finally {
      if (baseline) await closeServer(baseline)
      await server?.close()
      await database.drop()
    }
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printRows(await requestCost.run({ quick: process.argv.includes('--quick') }))
}
