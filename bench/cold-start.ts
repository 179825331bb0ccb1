/**
 * Embedded mode's cold start: `node dist/server/pyoraapu.mjs` with no DATABASE_URL (PGlite under DATA_DIR), from
 * spawning the process to the first 200 of /readyz, on an empty DATA_DIR (the database is created and migrated)
 * and on an existing one (reopened). Baseline: starting `node -e ''` to its exit, the floor of any Node process.
 * Interleaved rounds (empty, existing, baseline), medians. Targets (on a quiet machine): ≤ 3 s for an empty
 * DATA_DIR, ≤ 1.5 s for an existing one; the note counts the empty starts that began from the build's snapshot
 * (server/db/snapshot.ts: without one, an empty start runs PGlite's initdb and every migration).
 * The single binary (`npm run build:binary`, dist/pyoraapu) has a row of its own, a restart on an existing DATA_DIR
 * (its first start on each folder, which also extracts its files once per build, is not counted); without a built
 * binary the row says so.
 *
 *   npm run build [&& npm run build:binary] && npx tsx bench/cold-start.ts [--quick]
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, notBuilt, SERVER_BUNDLE } from './lib/built.ts'
import { printRows } from './lib/print.ts'
import { freePort } from './lib/processes.ts'
import { compared, loadAverage, median, type Bench } from './lib/report.ts'

const GROUP = 'cold start (embedded)'
const READY_TIMEOUT_MS = 120_000
const TARGET_MS = { empty: 3000, existing: 1500 }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200
  } catch {
    return false
  }
}

interface Start {
  ms: number
  /** CPU the server spent until ready (user + system): moves less with the neighbours' load than the wall clock. */
  cpuMs: number | undefined
  /** The server logged that the embedded database began from the snapshot. */
  fromSnapshot: boolean
}

/** What starts the server: Node with the bundle, or the single binary alone. */
type Server = [command: string, args: string[]]
const BUNDLE_SERVER: Server = [process.execPath, [SERVER_BUNDLE]]
const BINARY_SERVER: Server = [BINARY, []]

/** Milliseconds from spawning the server to its first ready answer; the server is stopped before answering. */
async function startToReady(dataDir: string, [command, args]: Server = BUNDLE_SERVER): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      // info for the line that says whether the snapshot was used; a handful of lines before ready.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let log = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  let exitCode: number | null | undefined
  void exited.then((code) => (exitCode = code))
  try {
    const url = `http://127.0.0.1:${port}/readyz`
    while (!(await isReady(url))) {
      if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}: ${output}`)
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`not ready after ${READY_TIMEOUT_MS} ms: ${output}`)
      await sleep(10)
    }
    return {
      ms: performance.now() - started,
      cpuMs: cpuMsOf(child.pid),
      fromSnapshot: log.includes('"snapshot":{"restored":true}'),
    }
  } finally {
    if (exitCode === undefined) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
}

/** utime + stime of a running process from /proc (Linux; clock ticks of 10 ms), undefined elsewhere. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/** `node -e ''` from spawn to exit. */
async function nodeStart(): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  return performance.now() - started
}

export const coldStart: Bench = {
  name: 'cold-start',
  async run({ quick }) {
    const missing = notBuilt(GROUP, SERVER_BUNDLE)
    if (missing) return missing
    const rounds = quick ? 3 : 5
    const dirs: string[] = []
    const tempDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'pyoraapu-bench-cold-'))
      dirs.push(dir)
      return dir
    }
    try {
      const empty: number[] = []
      const reopened: number[] = []
      const baseline: number[] = []
      const emptyCpu: (number | undefined)[] = []
      const reopenedCpu: (number | undefined)[] = []
      const binary: number[] = []
      const binaryCpu: (number | undefined)[] = []
      const binaryBuilt = existsSync(BINARY)
      let fromSnapshot = 0
      const loadBefore = loadAverage()
      for (let round = 0; round < rounds; round++) {
        // The folder the empty start just filled is the existing one of the next start.
        const dataDir = tempDir()
        const first = await startToReady(dataDir)
        empty.push(first.ms)
        emptyCpu.push(first.cpuMs)
        if (first.fromSnapshot) fromSnapshot++
        const second = await startToReady(dataDir)
        reopened.push(second.ms)
        reopenedCpu.push(second.cpuMs)
        if (binaryBuilt) {
          // A folder of the binary's own: its first start makes it, the second is the one measured.
          const binaryDir = tempDir()
          await startToReady(binaryDir, BINARY_SERVER)
          const restart = await startToReady(binaryDir, BINARY_SERVER)
          binary.push(restart.ms)
          binaryCpu.push(restart.cpuMs)
        }
        baseline.push(await nodeStart())
      }
      const note = (values: number[], cpu: (number | undefined)[], extra = '', server = `node ${SERVER_BUNDLE}`) =>
        `spawn of ${server.replace(/\S*\/dist\//, 'dist/')} to the first 200 of /readyz, no DATABASE_URL; ` +
        `median of ${rounds} interleaved rounds (${values.map((v) => v.toFixed(0)).join(', ')} ms; server CPU ` +
        `${cpu.map((v) => (v === undefined ? '?' : v.toFixed(0))).join(', ')} ms)${extra}; ` +
        `baseline: node -e '' to its exit (${baseline.map((v) => v.toFixed(0)).join(', ')} ms); ` +
        `target on a quiet machine; load ${loadBefore} before, ${loadAverage()} after`
      const row = (
        name: string,
        values: number[],
        cpu: (number | undefined)[],
        target: number,
        extra?: string,
        server?: string,
      ) => {
        const value = median(values)
        return compared({
          group: GROUP,
          name,
          value,
          unit: 'ms',
          baseline: median(baseline),
          target: `≤ ${target} ms`,
          met: value <= target,
          note: note(values, cpu, extra, server),
        })
      }
      return [
        row(
          'empty DATA_DIR: start to ready',
          empty,
          emptyCpu,
          TARGET_MS.empty,
          `; ${fromSnapshot} of ${rounds} from the snapshot`,
        ),
        row('existing DATA_DIR: start to ready', reopened, reopenedCpu, TARGET_MS.existing),
        binaryBuilt
          ? row(
              'single binary, existing DATA_DIR: start to ready',
              binary,
              binaryCpu,
              TARGET_MS.existing,
              "; the binary's first start on each folder not counted",
              BINARY,
            )
          : {
              group: GROUP,
              name: 'single binary, existing DATA_DIR: not measured',
              value: Number.NaN,
              unit: '',
              note: `${BINARY} is missing: run npm run build:binary first (target ≤ ${TARGET_MS.existing} ms)`,
            },
      ]
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printRows(await coldStart.run({ quick: process.argv.includes('--quick') }))
}
