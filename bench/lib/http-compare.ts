/**
 * The real server against its minimal baseline under the same HTTP load, interleaved (A,B,A,B…), medians of the
 * rounds: throughput, this process's CPU per request (both servers run here, one at a time; the generator is
 * another process), latency and the generator's own CPU. Used by the list API and static asset benches.
 *
 * CPU per request is counted on the server's side: every request the server started, until the last of them has
 * finished (the generator stops with requests in flight; their work is done after it exits, and counted).
 */
import type { Server, ServerResponse } from 'node:http'
import { httpLoad, type LoadResult } from './http-load.ts'
import { compared, loadAverage, median, type BenchRow } from './report.ts'

export interface Side {
  url: string
  headers?: Record<string, string>
  /** The node:http server answering `url` (Fastify's `app.server` for the real one): its requests are counted. */
  server: Server
}

export interface SideFigures {
  perSecond: number
  cpuMsPerRequest: number
  latencyMeanMs: number
  latencyP99Ms: number
  generatorCpuMsPerRequest: number
  requests: number
  errors: number
}

export interface Comparison {
  real: SideFigures
  baseline: SideFigures
  rounds: number
  seconds: number
  tool: LoadResult['tool']
  loadAverage: string
}

interface Run {
  load: LoadResult
  cpuMs: number
  /** Requests the server started during the run (finished or cut off by the generator's exit). */
  served: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measured(side: Side, seconds: number): Promise<Run> {
  let started = 0
  let open = 0
  const onRequest = (_: unknown, response: ServerResponse) => {
    started++
    open++
    response.once('close', () => open--)
  }
  side.server.on('request', onRequest)
  const cpuBefore = process.cpuUsage()
  try {
    const load = await httpLoad({ url: side.url, headers: side.headers, seconds })
    for (let waited = 0; open > 0 && waited < 60_000; waited += 10) await sleep(10)
    const cpu = process.cpuUsage(cpuBefore)
    return { load, cpuMs: (cpu.user + cpu.system) / 1000, served: started }
  } finally {
    side.server.off('request', onRequest)
  }
}

function figures(runs: Run[]): SideFigures {
  const of = (pick: (run: Run) => number) => median(runs.map(pick))
  return {
    perSecond: of((r) => r.load.perSecond),
    cpuMsPerRequest: of((r) => r.cpuMs / Math.max(1, r.served)),
    latencyMeanMs: of((r) => r.load.latencyMeanMs),
    latencyP99Ms: of((r) => r.load.latencyP99Ms),
    generatorCpuMsPerRequest: of((r) => r.load.generatorCpuMs / Math.max(1, r.load.requests)),
    requests: runs.reduce((sum, r) => sum + r.load.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.load.errors, 0),
  }
}

/** A short unmeasured run of each side first (JIT, pools, caches), then `rounds` interleaved pairs. */
export async function compareServers(real: Side, baseline: Side, rounds: number, seconds: number): Promise<Comparison> {
  await measured(real, 1)
  await measured(baseline, 1)
  const realRuns = []
  const baselineRuns = []
  for (let round = 0; round < rounds; round++) {
    realRuns.push(await measured(real, seconds))
    baselineRuns.push(await measured(baseline, seconds))
  }
  return {
    real: figures(realRuns),
    baseline: figures(baselineRuns),
    rounds,
    seconds,
    tool: realRuns[0]!.load.tool,
    loadAverage: loadAverage(),
  }
}

/** Two rows per comparison: throughput and server CPU per request, each with the baseline's and the ratio. */
export function comparisonRows(
  group: string,
  name: string,
  baselineName: string,
  c: Comparison,
  extraNote = '',
): BenchRow[] {
  const side = (f: SideFigures) =>
    `${f.latencyMeanMs.toFixed(1)} ms mean / ${f.latencyP99Ms.toFixed(0)} ms p99 latency, ` +
    `${f.requests} requests${f.errors ? `, ${f.errors} ERRORS` : ''}, generator CPU ${f.generatorCpuMsPerRequest.toFixed(2)} ms/request`
  const note =
    `baseline: ${baselineName}; ${c.tool}, 10 keep-alive connections, ${c.rounds} interleaved rounds of ${c.seconds} s, ` +
    `medians${extraNote}; real: ${side(c.real)}; baseline: ${side(c.baseline)}; load ${c.loadAverage}`
  return [
    compared({
      group,
      name: `${name}: throughput`,
      value: c.real.perSecond,
      unit: 'req/s',
      baseline: c.baseline.perSecond,
      note,
    }),
    compared({
      group,
      name: `${name}: server CPU per request`,
      value: c.real.cpuMsPerRequest,
      unit: 'ms',
      baseline: c.baseline.cpuMsPerRequest,
    }),
  ]
}
