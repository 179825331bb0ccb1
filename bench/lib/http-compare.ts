/**
 * The real server against its minimal baseline under the same HTTP load, interleaved (A,B,A,B…), medians of the
 * rounds: throughput, this process's CPU per request (both servers run here, one at a time; the generator is
 * another process), latency and the generator's own CPU. Used by the list API and static asset benches.
 *
 * Throughput and CPU per request are counted on the server's side: every request the server started, until this
 * process is idle again. The generator stops with requests in flight and drops their connections, yet the server
 * still does their work (a 5 MB list takes seconds under load): counted, and so is the time it takes.
 */
import type { Server } from 'node:http'
import { httpLoad, type LoadResult } from './http-load.ts'
import { processCpuMs } from './processes.ts'
import { compared, loadAverage, median, type BenchRow } from './report.ts'

export interface Side {
  url: string
  headers?: Record<string, string>
  /** The node:http server answering `url` (Fastify's `app.server` for the real one): its requests are counted. */
  server?: Server
  /**
   * Or the process answering `url`, when the server runs in a process of its own: its CPU is read from /proc and
   * the answers the generator read are counted (those it cut off at its exit, at most one per connection, are not).
   */
  pid?: number
}

export interface SideFigures {
  perSecond: number
  cpuMsPerRequest: number
  latencyMeanMs: number
  latencyP99Ms: number
  generatorCpuMsPerRequest: number
  /** Answers the generator read in full, over all rounds. */
  requests: number
  errors: number
}

export interface Comparison {
  real: SideFigures
  baseline: SideFigures
  rounds: number
  seconds: number
  tool: LoadResult['tool']
  /** Keep-alive connections the generator held open. */
  connections: number
  loadAverage: string
}

interface Run {
  load: LoadResult
  cpuMs: number
  /** Requests the server started during the run (answered or cut off by the generator's exit). */
  served: number
  /** From the load's start until the server was idle again. */
  seconds: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** When this process went quiet (under 10% of a core for 50 ms): the work of cut-off requests is done by then. */
async function idleSince(): Promise<number> {
  const deadline = performance.now() + 60_000
  for (;;) {
    const at = performance.now()
    const before = process.cpuUsage()
    await sleep(50)
    const used = process.cpuUsage(before)
    if ((used.user + used.system) / 1000 < 5 || performance.now() > deadline) return at
  }
}

/** A process's CPU time once it went quiet (under 10% of a core for 100 ms). */
async function processIdle(pid: number): Promise<{ cpuMs: number }> {
  const deadline = performance.now() + 60_000
  for (;;) {
    const before = processCpuMs(pid)
    await sleep(100)
    const after = processCpuMs(pid)
    if (after - before < 10 || performance.now() > deadline) return { cpuMs: after }
  }
}

async function measuredProcess(side: Side & { pid: number }, seconds: number, connections: number): Promise<Run> {
  const cpuBefore = processCpuMs(side.pid)
  const load = await httpLoad({ url: side.url, headers: side.headers, seconds, connections })
  const idle = await processIdle(side.pid)
  // Throughput over the generator's run; CPU until the server was quiet again.
  return { load, cpuMs: idle.cpuMs - cpuBefore, served: load.requests, seconds: load.seconds }
}

async function measured(side: Side, seconds: number, connections: number): Promise<Run> {
  if (side.pid !== undefined) return measuredProcess({ ...side, pid: side.pid }, seconds, connections)
  if (!side.server) throw new Error('a side needs its server or its pid')
  let served = 0
  const onRequest = () => served++
  const server = side.server
  server.on('request', onRequest)
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  try {
    const load = await httpLoad({ url: side.url, headers: side.headers, seconds, connections })
    const idle = await idleSince()
    const cpu = process.cpuUsage(cpuBefore)
    return { load, cpuMs: (cpu.user + cpu.system) / 1000, served, seconds: (idle - started) / 1000 }
  } finally {
    server.off('request', onRequest)
  }
}

function figures(runs: Run[]): SideFigures {
  const of = (pick: (run: Run) => number) => median(runs.map(pick))
  return {
    perSecond: of((r) => r.served / r.seconds),
    cpuMsPerRequest: of((r) => r.cpuMs / Math.max(1, r.served)),
    latencyMeanMs: of((r) => r.load.latencyMeanMs),
    latencyP99Ms: of((r) => r.load.latencyP99Ms),
    generatorCpuMsPerRequest: of((r) => r.load.generatorCpuMs / Math.max(1, r.load.requests)),
    requests: runs.reduce((sum, r) => sum + r.load.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.load.errors, 0),
  }
}

/**
 * A short unmeasured run of each side first (JIT, pools, caches), then `rounds` interleaved pairs, each with
 * `connections` keep-alive connections (10 unless said).
 */
export async function compareServers(
  real: Side,
  baseline: Side,
  rounds: number,
  seconds: number,
  connections = 10,
): Promise<Comparison> {
  await measured(real, 1, connections)
  await measured(baseline, 1, connections)
  const realRuns = []
  const baselineRuns = []
  for (let round = 0; round < rounds; round++) {
    realRuns.push(await measured(real, seconds, connections))
    baselineRuns.push(await measured(baseline, seconds, connections))
  }
  return {
    real: figures(realRuns),
    baseline: figures(baselineRuns),
    rounds,
    seconds,
    tool: realRuns[0]!.load.tool,
    connections,
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
    `${f.requests} answers read in full${f.errors ? `, ${f.errors} ERRORS` : ''}, generator CPU ${f.generatorCpuMsPerRequest.toFixed(2)} ms/request`
  const note =
    `baseline: ${baselineName}; ${c.tool}, ${c.connections} keep-alive connections, ${c.rounds} interleaved rounds of ${c.seconds} s, ` +
    `medians, counted at the server (in this process: requests started ÷ time until idle; a server process: answers read ÷ the run, its CPU from /proc until idle)${extraNote}; real: ${side(c.real)}; baseline: ${side(c.baseline)}; load ${c.loadAverage}`
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
