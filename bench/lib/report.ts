/**
 * What every benchmark of `npm run bench` answers and how the suite prints it: one row per measured thing, its
 * figures, the baseline measured in the same interleaved run and their ratio. Benchmarks assert nothing; a target
 * they miss is shown in the row (`target`, `met`), not thrown.
 */
import { loadavg } from 'node:os'

export interface BenchRow {
  /** The benchmark this row belongs to, e.g. "live events". */
  group: string
  /** What was measured, e.g. "10k sockets, 30 changes/s: p99 latency". */
  name: string
  value: number
  unit: string
  /** The same work done by the minimal baseline (node:http, ws, postgres.js alone) in the same run. */
  baseline?: number
  /** value ÷ baseline. */
  ratio?: number
  /** The target in words, e.g. "≤ 1.3× baseline", and whether this run met it. */
  target?: string
  met?: boolean
  /** Anything a reader needs to trust the figure: rounds, load average during the run, generator CPU. */
  note?: string
}

export interface BenchOptions {
  /** `--quick`: fewer sizes and rounds, the whole suite in under 5 minutes. */
  quick: boolean
}

/** One benchmark of the suite. `run` may start servers and databases; it must stop them before answering. */
export interface Bench {
  name: string
  run(options: BenchOptions): Promise<BenchRow[]>
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** The value below which `p` percent of `values` lie (nearest rank). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
}

/**
 * Runs `a` and `b` alternately (A,B,A,B…) `rounds` times and answers the median of each, so that a noisy neighbour
 * on the shared machine slows both alike.
 */
export async function interleaved(
  rounds: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<{ a: number; b: number; as: number[]; bs: number[] }> {
  const as: number[] = []
  const bs: number[] = []
  for (let round = 0; round < rounds; round++) {
    as.push(await a())
    bs.push(await b())
  }
  return { a: median(as), b: median(bs), as, bs }
}

export const loadAverage = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

/** A row with its ratio to the baseline filled in. */
export function compared(row: Omit<BenchRow, 'ratio'> & { baseline: number }): BenchRow {
  return { ...row, ratio: row.value / row.baseline }
}
