/**
 * The table of the latest runs in docs/performance.md, written from `bench/results.json` (quiet) and
 * `bench/results-busy.json` (`--busy`) and from nothing else, so that no figure in it outlives the run it came from
 * (docs/performance.md, "The latest runs"). `npm run bench` rewrites it after a whole run (not after `--only`, which
 * would leave the other benches out); `npm run bench:docs` rewrites it from the result files at hand.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { formatMachine, type MachineFacts } from './machine.ts'
import { formatRows } from './print.ts'
import type { BenchRow } from './report.ts'

/** What `npm run bench` writes to bench/results*.json. */
export interface RunResults {
  date: string
  quick: boolean
  busy: boolean
  wallSeconds: number
  machine: MachineFacts
  benches: { name: string; seconds: number; loadBefore: string; loadAfter: string; rows: BenchRow[] }[]
}

export const RESULT_FILES = {
  quiet: fileURLToPath(new URL('../results.json', import.meta.url)),
  busy: fileURLToPath(new URL('../results-busy.json', import.meta.url)),
}
const DOCS = fileURLToPath(new URL('../../docs/performance.md', import.meta.url))
const START = '<!-- bench:latest-runs:start (written by npm run bench; edits here are overwritten) -->'
const END = '<!-- bench:latest-runs:end -->'

/** One run as Markdown: when, how, on what, each bench's time and load, then every row with its verdict. */
export function runSection(title: string, run: RunResults): string {
  const flags = [run.quick && '--quick', run.busy && '--busy'].filter(Boolean).join(' ')
  const mode = `npm run bench${flags ? ` -- ${flags}` : ''}`
  const lines = [
    `### ${title}: ${run.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`${mode}\`, ${Math.round(run.wallSeconds)} s. ${formatMachine(run.machine).replace('\n', '; ')} at the start.`,
    '',
    ...run.benches.map(
      (bench) => `- ${bench.name}: ${bench.seconds.toFixed(0)} s, load ${bench.loadBefore} → ${bench.loadAfter}`,
    ),
    '',
    formatRows(run.benches.flatMap((bench) => bench.rows)),
  ]
  return lines.join('\n')
}

/** The block between the markers, from whichever result files exist. */
export function latestRunsBlock(runs: { quiet?: RunResults; busy?: RunResults }): string {
  const sections = [
    runs.quiet ? runSection('Quiet', runs.quiet) : '### Quiet\n\nNo run recorded on this machine.',
    runs.busy ? runSection('Busy (a CPU hog beside the run)', runs.busy) : '### Busy\n\nNo `--busy` run recorded.',
  ]
  return [START, '', ...sections.flatMap((section) => [section, '']), END].join('\n')
}

/** `document` with its block replaced; the markers must be there once each. */
export function withLatestRuns(document: string, block: string): string {
  const start = document.indexOf(START)
  const end = document.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/performance.md lacks the markers ${START} … ${END}`)
  return document.slice(0, start) + block + document.slice(end + END.length)
}

const read = (file: string): RunResults | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunResults) : undefined

/** Rewrites docs/performance.md's block from the result files of this machine. */
export function writeDocsTable(): void {
  const block = latestRunsBlock({ quiet: read(RESULT_FILES.quiet), busy: read(RESULT_FILES.busy) })
  writeFileSync(DOCS, withLatestRuns(readFileSync(DOCS, 'utf8'), block))
  console.log(`docs/performance.md: the latest runs written from ${Object.values(RESULT_FILES).join(' and ')}`)
}
