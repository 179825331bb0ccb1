/**
 * The Node load generator of http-load.ts, run in its own process: `node --import tsx bench/lib/node-load.ts
 * '{"url":…,"headers":{},"connections":10,"seconds":3}'`. Prints one JSON line (a LoadResult).
 */
import { Agent, request } from 'node:http'
import type { LoadResult } from './http-load.ts'

const { url, headers, connections, seconds } = JSON.parse(process.argv[2]!) as {
  url: string
  headers: Record<string, string>
  connections: number
  seconds: number
}

const agent = new Agent({ keepAlive: true, maxSockets: connections })
const latencies: number[] = []
let errors = 0

/** One request; resolves when its answer is read to the end (or failed). */
function once(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now()
    const req = request(url, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 400) errors++
        latencies.push(performance.now() - started)
        resolve()
      })
    })
    req.on('error', () => {
      errors++
      resolve()
    })
    req.end()
  })
}

const cpuBefore = process.cpuUsage()
const started = performance.now()
const deadline = started + seconds * 1000
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) await once()
  }),
)
const elapsed = (performance.now() - started) / 1000
agent.destroy()
const cpu = process.cpuUsage(cpuBefore)
latencies.sort((a, b) => a - b)
const result: LoadResult = {
  tool: 'node',
  requests: latencies.length,
  seconds: elapsed,
  perSecond: latencies.length / elapsed,
  latencyMeanMs: latencies.reduce((sum, n) => sum + n, 0) / (latencies.length || 1),
  latencyP99Ms: latencies[Math.max(0, Math.ceil(0.99 * latencies.length) - 1)] ?? Number.NaN,
  errors,
  generatorCpuMs: (cpu.user + cpu.system) / 1000,
}
console.log(JSON.stringify(result))
