/**
 * One measured window of the live-events benchmark: changes sent at a fixed rate (open loop: a slow answer does
 * not slow the sender, as real users would not wait), then the deliveries drained, and the CPU each side spent.
 */
import { percentile } from './report.ts'
import type { Fleet } from './live-fleet.ts'
import { processCpuMs } from './processes.ts'

/** Who receives changes and how one is made: the real server's REST call, or the baseline's POST. */
export interface Target {
  /** Processes whose CPU the window charges (two for two instances). */
  pids: number[]
  /** The sockets listening to it (opened, if need be, before the window starts). */
  fleet(): Promise<Fleet>
  /** Sends change `seq` of pool request `requestIndex`; answers whether it was accepted (2xx). */
  send(requestIndex: number, seq: number): Promise<boolean>
}

export interface WindowResult {
  changes: number
  p50: number
  p99: number
  /** Server CPU (all its processes) per change and per delivered frame, ms. */
  cpuPerChange: number
  cpuPerMessage: number
  /** CPU per change of the busiest of the target's processes, ms: what limits it when each has a core of its own. */
  busiestCpuPerChange: number
  /** The generator's own CPU over the window, as a share of one core. */
  generatorCores: number
  missed: number
  unexpected: number
  stray: number
  failedCalls: number
  /** Median time until the REST call (or the baseline's POST) was answered, ms: the part before any delivery. */
  callP50: number
  recipientsPerChange: number
  frameBytes: number
}

/** Longest wait, after the last answer, for frames still under way before they count as missed. */
const DRAIN_MS = 5000

let nextSeq = 1

export async function runWindow(
  target: Target,
  /** Per pool request: 1 for each socket index that must hear of its changes, and how many they are. */
  intended: { mask: Uint8Array; count: number }[],
  rate: number,
  durationMs: number,
): Promise<WindowResult> {
  const { ledger } = await target.fleet()
  ledger.settle()
  const total = Math.max(1, Math.round((rate * durationMs) / 1000))
  const cpuBefore = target.pids.map(processCpuMs)
  const genBefore = process.cpuUsage()
  const wallBefore = performance.now()
  const calls: Promise<boolean>[] = []
  const callTimes: number[] = []
  const start = performance.now()
  await new Promise<void>((resolve) => {
    let sent = 0
    const tick = () => {
      const now = performance.now()
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const seq = nextSeq++
        const requestIndex = seq % intended.length
        ledger.expect(seq, intended[requestIndex]!.mask, intended[requestIndex]!.count)
        ledger.sent(seq, performance.now())
        const sentAt = performance.now()
        calls.push(
          target.send(requestIndex, seq).then(
            (ok) => (callTimes.push(performance.now() - sentAt), ok),
            () => false,
          ),
        )
        sent++
      }
      if (sent >= total) return resolve()
      setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()))
    }
    tick()
  })
  const answers = await Promise.all(calls)
  const drainUntil = performance.now() + DRAIN_MS
  while (!ledger.complete && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 10))
  const cpuUsed = target.pids.map((pid, i) => processCpuMs(pid) - cpuBefore[i]!)
  const serverCpu = cpuUsed.reduce((sum, ms) => sum + ms, 0)
  const gen = process.cpuUsage(genBefore)
  const wallMs = performance.now() - wallBefore
  const delivered = ledger.settle()
  const result: WindowResult = {
    changes: total,
    p50: percentile(delivered.latencies, 50),
    p99: percentile(delivered.latencies, 99),
    cpuPerChange: serverCpu / total,
    cpuPerMessage: serverCpu / Math.max(1, delivered.frames),
    busiestCpuPerChange: Math.max(...cpuUsed) / total,
    generatorCores: (gen.user + gen.system) / 1000 / wallMs,
    missed: delivered.missed,
    unexpected: delivered.unexpected,
    stray: delivered.stray,
    failedCalls: answers.filter((ok) => !ok).length,
    callP50: percentile(callTimes, 50),
    recipientsPerChange: delivered.recipientsPerChange,
    frameBytes: delivered.frameBytes,
  }
  if (process.env.BENCH_LIVE_DEBUG) console.error(JSON.stringify({ rate, pids: target.pids, ...result }))
  return result
}

export const changeDescription = (seq: number): string =>
  `bench ${seq} flat tyre on the cycle path near the bridge, a pump and tyre levers would help`
