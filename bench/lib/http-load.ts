/**
 * A fixed-concurrency HTTP load (10 keep-alive connections, each sending its next request when the last answer
 * is read) against one URL for some seconds. wrk when /usr/bin/wrk (or WRK_PATH) is there, since it costs the
 * shared cores least; else a Node generator in its own process (bench/lib/node-load.ts). Either way the
 * generator runs in another process than the server, and its own CPU time is reported: on a 2-core machine it
 * competes with the server it measures.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface LoadOptions {
  url: string
  headers?: Record<string, string>
  connections?: number
  /** Whole seconds (wrk takes no fractions). */
  seconds: number
}

export interface LoadResult {
  tool: 'wrk' | 'node'
  requests: number
  seconds: number
  perSecond: number
  latencyMeanMs: number
  latencyP99Ms: number
  /** Answers other than 2xx/3xx, plus connection errors and timeouts. */
  errors: number
  /** The generator's own CPU (user + system) over the run. */
  generatorCpuMs: number
}

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk'

/** BENCH_LOAD=node chooses the Node generator even where wrk is installed. */
export const loadTool = (): 'wrk' | 'node' => (process.env.BENCH_LOAD !== 'node' && existsSync(WRK) ? 'wrk' : 'node')

export async function httpLoad(options: LoadOptions): Promise<LoadResult> {
  return loadTool() === 'wrk' ? wrkLoad(options) : nodeLoad(options)
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}: ${output}`)),
    )
  })
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function duration(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '')
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN
}

/** Seconds of a `times` line, e.g. "0m1.234s 0m0.567s" (user, system). */
function timesSeconds(line: string): number {
  let total = 0
  for (const [, minutes, seconds] of line.matchAll(/(\d+)m([\d.]+)s/g)) total += Number(minutes) * 60 + Number(seconds)
  return total
}

async function wrkLoad({ url, headers = {}, connections = 10, seconds }: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '60s', '--latency']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  args.push(url)
  // bash's `times` prints its children's CPU time after wrk exits: wrk's own CPU, however short its life.
  const output = await run('bash', ['-c', `"${WRK}" "$@"; times`, 'wrk', ...args])
  const requestsMatch = /(\d+) requests in ([\d.]+)(\w+),/.exec(output)
  if (!requestsMatch) throw new Error(`wrk ${args.join(' ')} said: ${output}`)
  const requests = Number(requestsMatch[1] ?? 0)
  const elapsed = duration(`${requestsMatch[2]}${requestsMatch[3]}`) / 1000
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  const timesLines = output.trim().split('\n').slice(-2)
  return {
    tool: 'wrk',
    requests,
    seconds: elapsed,
    perSecond: requests / elapsed,
    latencyMeanMs: duration(/^\s*Latency\s+(\S+)/m.exec(output)?.[1]),
    latencyP99Ms: duration(/^\s*99%\s+(\S+)/m.exec(output)?.[1]),
    errors: non2xx + socketErrors,
    generatorCpuMs: timesSeconds(timesLines[1] ?? '') * 1000,
  }
}

const NODE_LOAD = fileURLToPath(new URL('node-load.ts', import.meta.url))

async function nodeLoad({ url, headers = {}, connections = 10, seconds }: LoadOptions): Promise<LoadResult> {
  const output = await run(process.execPath, [
    '--import',
    'tsx',
    NODE_LOAD,
    JSON.stringify({ url, headers, connections, seconds }),
  ])
  return JSON.parse(output.trim().split('\n').pop()!) as LoadResult
}
