/**
 * `npm run bench [-- --quick] [-- --only <name>]`: every benchmark of docs/performance.md in turn, one table at the
 * end, the machine described at the top, and everything (rows, load before and after each bench, wall times) written to
 * bench/results.json (ignored by git: results belong to the machine that made them). Benchmarks assert nothing:
 * a missed target is a row with met = NO, and a bench that fails becomes a row saying why; the suite goes on.
 * `--quick` (fewer sizes and rounds) finished in under 5 minutes on the 2-core machine before `notify writers`, which
 * adds 70-80 s; the full run takes 20-30.
 * `--busy` runs a neighbour that wants a whole core (bench/lib/cpu-hog.ts) for the length of the run: a target is
 * the design's when it holds in a quiet and in a busy run. A whole run (no `--only`) then rewrites the table of the
 * latest runs in docs/performance.md from the result files (bench/lib/docs-table.ts).
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chunks } from './chunks.ts'
import { startCpuHog } from './lib/cpu-hog.ts'
import { coldStart } from './cold-start.ts'
import { RESULT_FILES, writeDocsTable } from './lib/docs-table.ts'
import { formatMachine, machineFacts } from './lib/machine.ts'
import { formatRows } from './lib/print.ts'
import { loadAverage, type Bench, type BenchRow } from './lib/report.ts'
import { listApi } from './list-api.ts'
import { lighthouseScores } from './lighthouse.ts'
import { liveEvents } from './live-events.ts'
import { listSerialise } from './list-serialise.ts'
import { notifyWriters } from './notify-writers.ts'
import { recipients } from './recipients.ts'
import { requestCost } from './request-cost.ts'
import { staticAssets } from './static.ts'
import { waveSelection } from './wave-selection.ts'

interface BenchResult {
  name: string
  seconds: number
  loadBefore: string
  loadAfter: string
  rows: BenchRow[]
  error?: string
}

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    busy: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
  },
})
const quick = values.quick ?? false
const busy = values.busy ?? false
const mode = `${quick ? ' --quick' : ''}${busy ? ' --busy' : ''}`

const benches: Bench[] = [
  recipients,
  waveSelection,
  listSerialise,
  listApi,
  requestCost,
  staticAssets,
  chunks,
  coldStart,
  lighthouseScores,
  liveEvents,
  notifyWriters,
]
const only = values.only
const chosen = only ? benches.filter((bench) => only.includes(bench.name)) : benches
if (only && chosen.length === 0) {
  console.error(`--only ${only.join(', ')}: no such bench; the names are ${benches.map((b) => b.name).join(', ')}`)
  process.exit(2)
}

const started = performance.now()
const machine = await machineFacts()
const hog = busy ? startCpuHog() : undefined
console.log(`npm run bench${mode}: ${chosen.map((b) => b.name).join(', ')}`)
console.log(formatMachine(machine))
if (hog) console.log(`--busy: a CPU hog (pid ${hog.pid}) spins on a core for the whole run`)

const results: BenchResult[] = []
for (const bench of chosen) {
  const loadBefore = loadAverage()
  const benchStarted = performance.now()
  console.log(`\n== ${bench.name} (load average ${loadBefore})`)
  let rows: BenchRow[]
  let error: string | undefined
  try {
    rows = await bench.run({ quick })
  } catch (caught) {
    error = caught instanceof Error ? (caught.stack ?? caught.message) : String(caught)
    console.error(error)
    rows = [{ group: bench.name, name: 'failed', value: Number.NaN, unit: '', note: (caught as Error).message }]
  }
  const seconds = (performance.now() - benchStarted) / 1000
  const loadAfter = loadAverage()
  console.log(`   ${bench.name}: ${seconds.toFixed(1)} s, load average after ${loadAfter}`)
  results.push({ name: bench.name, seconds, loadBefore, loadAfter, rows, ...(error ? { error } : {}) })
}

await hog?.stop()
const wallSeconds = (performance.now() - started) / 1000
console.log(`\nnpm run bench${mode}: ${wallSeconds.toFixed(0)} s wall time`)
console.log(formatMachine(machine))
console.log(
  results.map((r) => `${r.name}: ${r.seconds.toFixed(0)} s, load ${r.loadBefore} → ${r.loadAfter}`).join('\n') + '\n',
)
console.log(formatRows(results.flatMap((r) => r.rows)))

const resultsFile = busy ? RESULT_FILES.busy : RESULT_FILES.quiet
writeFileSync(
  resultsFile,
  JSON.stringify({ date: new Date().toISOString(), quick, busy, wallSeconds, machine, benches: results }, null, 2) +
    '\n',
)
console.log(`\nwritten to ${resultsFile}`)
// Only a whole run replaces the docs' table: one bench alone would leave the others out of it.
if (!only) writeDocsTable()
