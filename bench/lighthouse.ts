/**
 * Lighthouse scores of every public page as it ships, with Lighthouse's mobile settings (a mid-range phone on slow
 * 4G, simulated) on the system Chromium:
 *   npm run build && npm run bench:lighthouse [-- --runs N]
 *   npm run bench -- --only lighthouse
 * The server is the built bundle (dist/server/pyoraapu.mjs, `npm start`) in its own process with NODE_ENV=production
 * and an embedded database in a fresh DATA_DIR (or DATABASE_URL's), the compressed files and cache headers it
 * serves included. Each page is measured twice: behind the project's Caddyfile over HTTPS, so over HTTP/2 as
 * production serves it (bench/lib/caddy.ts; the requirement is this row's), and straight from the server over
 * plain HTTP/1.1, where the browser opens at most six connections and a page of many chunks waits for them
 * (a row without a target, for comparison). Without caddy installed only the second is measured. Lighthouse runs in a process of its own too (bench/lighthouse-runner.ts), so its modules and
 * traces stay out of the bench suite's process. Each page is measured in several rounds, the pages in turn within a
 * round so the neighbours' load falls on all alike; a row per page gives the median performance score against the
 * product's requirement (performance ≥ 95, accessibility, best practices and SEO 100; docs/performance.md,
 * "Lighthouse"), the median FCP, LCP and TBT and the load average. Performance is timing: the score moves with the
 * machine's load, so the verdict is the design's only on a quiet machine. As a script it also prints each run and
 * the audits that held a page back, and exits 1 when a page misses the requirement.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { notBuilt, SERVER_BUNDLE, WEB_DIST } from './lib/built.ts'
import { caddyInstalled, startCaddyFront, type CaddyFront } from './lib/caddy.ts'
import { printRows } from './lib/print.ts'
import { ROOT, startServerBundle, type Child } from './lib/processes.ts'
import { loadAverage, median, type Bench, type BenchRow } from './lib/report.ts'
import { CATEGORIES, PUBLIC_PATHS, REQUIRED, type PageReport } from './lighthouse-runner.ts'

const GROUP = 'lighthouse'
const RUNNER = join(ROOT, 'bench', 'lighthouse-runner.ts')

/** How the browser reaches the server: as production serves it, or straight. */
type Front = 'behind Caddy' | 'direct'

/** The runs of one page through one front, with the load average when each round began. */
interface PageRuns {
  path: string
  front: Front
  reports: PageReport[]
  loads: string[]
}

/** One round: every page once, in a fresh Chromium each, by a Lighthouse process of its own. */
async function lighthouseRound(urls: string[]): Promise<PageReport[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', RUNNER, ...urls], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as PageReport[]
}

/** The built server as production runs it, on an embedded database in `dataDir` unless DATABASE_URL names one. */
function startBuiltServer(dataDir: string): Promise<Child> {
  const database: Record<string, string> = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL, JWT_SECRET: randomBytes(32).toString('base64') }
    : {}
  return startServerBundle({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...database }, '/readyz')
}

const requirement = `performance ≥ ${REQUIRED.performance}; ${CATEGORIES.filter((c) => c !== 'performance')
  .map((c) => `${c} ${REQUIRED[c]}`)
  .join(', ')}`

function pageRow({ path, front, reports, loads }: PageRuns): BenchRow {
  const of = (category: (typeof CATEGORIES)[number]) => reports.map((report) => report.scores[category] ?? 0)
  const performance = of('performance')
  const others = CATEGORIES.filter((category) => category !== 'performance').map(
    (category) => [category, Math.min(...of(category))] as const,
  )
  const score = median(performance)
  const timing = (key: keyof PageReport['timings']) => median(reports.map((report) => report.timings[key]))
  const required = front === 'behind Caddy'
  return {
    group: GROUP,
    name: `${path} ${front === 'behind Caddy' ? 'behind Caddy (HTTP/2)' : 'direct (HTTP/1.1)'}: performance`,
    value: score,
    unit: 'score',
    ...(required
      ? {
          target: requirement,
          met: score >= REQUIRED.performance && others.every(([category, least]) => least >= REQUIRED[category]),
        }
      : {}),
    note:
      `median of ${reports.length} run${reports.length === 1 ? '' : 's'} (${performance.join(', ')}); ` +
      `FCP ${timing('fcp')} ms, LCP ${timing('lcp')} ms, TBT ${timing('tbt')} ms; ` +
      `lowest ${others.map(([category, least]) => `${category} ${least}`).join(', ')}; load average ${loads.join(' / ')}; ` +
      `benchmarkIndex ${reports.map((report) => report.benchmarkIndex).join(' / ')}`,
  }
}

async function measure(runs: number, log: (line: string) => void): Promise<PageRuns[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pyoraapu-lighthouse-'))
  let server: Child | undefined
  let caddy: CaddyFront | undefined
  try {
    server = await startBuiltServer(dataDir)
    if (caddyInstalled()) caddy = await startCaddyFront(new URL(server.url).host)
    else log('   caddy is not installed (apt-get install -y caddy): the pages are measured direct only')
    const fronts: Array<[Front, string]> = [
      ...(caddy ? [['behind Caddy', caddy.url] as [Front, string]] : []),
      ['direct', server.url],
    ]
    // Each page through each front in turn, so the load of a moment falls on both alike.
    const pages: PageRuns[] = PUBLIC_PATHS.flatMap((path) =>
      fronts.map(([front]) => ({ path, front, reports: [], loads: [] })),
    )
    const urls = PUBLIC_PATHS.flatMap((path) => fronts.map(([, base]) => base + path))
    for (let round = 1; round <= runs; round++) {
      const load = loadAverage()
      const reports = await lighthouseRound(urls)
      reports.forEach((report, index) => {
        const page = pages[index]!
        page.reports.push(report)
        page.loads.push(load.split(' ')[0]!)
        const { scores, timings } = report
        log(
          `   round ${round}, ${page.path} ${page.front}: ${CATEGORIES.map((category) => scores[category]).join(' / ')}; ` +
            `FCP ${timings.fcp} ms, LCP ${timings.lcp} ms, TBT ${timings.tbt} ms ` +
            `(load average ${load}, benchmarkIndex ${report.benchmarkIndex})`,
        )
      })
    }
    return pages
  } finally {
    await caddy?.stop()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export const lighthouseScores: Bench = {
  name: 'lighthouse',
  async run({ quick }) {
    const missing = notBuilt(GROUP, SERVER_BUNDLE) ?? notBuilt(GROUP, join(WEB_DIST, 'index.html'))
    if (missing) return missing
    const pages = await measure(quick ? 1 : 3, console.log)
    return pages.map(pageRow)
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
  const missing = notBuilt(GROUP, SERVER_BUNDLE)
  if (missing) {
    printRows(missing)
    process.exit(1)
  }
  const pages = await measure(Number(values.runs), console.log)
  const rows = pages.map(pageRow)
  printRows(rows)
  for (const { path, front, reports } of pages) {
    const failing = new Set(reports.flatMap((report) => report.failing))
    for (const line of failing) console.log(`    ${path} ${front}: ${line}`)
  }
  if (rows.some((row) => row.met === false)) {
    console.log('Some page misses the requirement.')
    process.exitCode = 1
  }
}
