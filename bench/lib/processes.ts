/**
 * Child processes a benchmark measures from outside: started with a fixed port, waited for until they answer, and
 * read through /proc (CPU time and resident memory of the whole process, every thread included).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_BUNDLE } from './built.ts'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Child {
  pid: number
  url: string
  stop(): Promise<void>
  output(): string
}

/** A port nobody listens on now (the child binds it a moment later; the risk of a clash is accepted here). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Runs a TypeScript entry point through tsx in its own Node process (one pid: no npx wrapper between), and waits
 * until `readyPath` answers 200.
 */
export function startTsChild(script: string, env: Record<string, string>, readyPath: string): Promise<Child> {
  return startNodeChild(script, ['--import', 'tsx'], env, readyPath)
}

/**
 * What production sets for the server bundle (docs/operating.md): NODE_ENV=production, a PostgreSQL server, a JWT
 * secret, metrics on (METRICS_TOKEN), a public address; the log at its default level (info) to the pipe the bench
 * reads, as journald would.
 */
export function productionEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    PUBLIC_URL: 'https://pyoraapu.example',
  }
}
/** Runs the server as it ships
 (`npm start`: the bundle `npm run build` makes), and waits until `readyPath` answers. */
export function startServerBundle(env: Record<string, string>, readyPath: string): Promise<Child> {
  return startNodeChild(SERVER_BUNDLE, ['--enable-source-maps'], env, readyPath)
}

/**
 * Runs `node <nodeArgs> <script>` (after the bench's own flags) in its own process, and waits until `readyPath`
 * answers 200.
 */
async function startNodeChild(
  script: string,
  nodeArgs: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<Child> {
  const port = await freePort()
  // BENCH_CPU_PROF=<dir>: each child writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  // BENCH_NODE_FLAGS='--trace-gc …': more flags for every child; BENCH_CHILD_OUTPUT=<dir>: what each one prints.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []
  const child: ChildProcess = spawn(process.execPath, [...profile, ...flags, ...nodeArgs, script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    // Only the tail matters (an error at start); a long run must not grow this forever.
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  if (process.env.BENCH_CHILD_OUTPUT) {
    const log = createWriteStream(join(process.env.BENCH_CHILD_OUTPUT, `${basename(script)}.${child.pid}.log`))
    child.stdout!.pipe(log)
    child.stderr!.pipe(log)
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited at start:\n${output}`)
    const ok = await fetch(url + readyPath).then(
      (answer) => answer.status === 200,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${script} did not answer ${readyPath} within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    pid: child.pid!,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

let ticksPerSecond: number | undefined

/** User + system CPU time of a process so far, in milliseconds (/proc/<pid>/stat utime + stime). */
export function processCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name may hold spaces and parentheses: the fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return ((utime + stime) * 1000) / ticksPerSecond
}

/** Resident memory of a process, in kilobytes (/proc/<pid>/status VmRSS). */
export function processRssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) : Number.NaN
}

/**
 * Raises this process's own soft (and, as root, hard) limit of open files to `wanted`, so many sockets fit; the
 * children started afterwards inherit it. Nothing system-wide changes. Answers the limit now in force.
 */
export function raiseOpenFileLimit(wanted: number): number {
  const read = () =>
    Number(
      execFileSync('prlimit', ['--pid', String(process.pid), '--nofile', '--output', 'SOFT', '--noheadings'])
        .toString()
        .trim(),
    )
  try {
    if (read() >= wanted) return read()
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${wanted}:${wanted}`], { stdio: 'ignore' })
  } catch {
    // Not allowed (not root, hard limit lower): the caller reports what it got.
  }
  try {
    return read()
  } catch {
    return Number.NaN
  }
}
