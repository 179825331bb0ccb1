import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { newestMtime } from '../../../scripts/build-if-stale.ts'
import { buildServer, SERVER_BUNDLE } from '../../../scripts/build-server.ts'
import { PROJECT_ROOT } from '../../../server/paths.ts'

export { SERVER_BUNDLE }

/**
 * `npm test` runs `npm run build` before tap, so the bundle is there and current. Run alone, a test rebuilds the
 * server bundle (a second or two) when it is missing or older than server/: testing a stale bundle proves nothing.
 */
export async function ensureBundle(): Promise<void> {
  if (!existsSync(SERVER_BUNDLE) || newestMtime(join(PROJECT_ROOT, 'server')) > statSync(SERVER_BUNDLE).mtimeMs) {
    await buildServer()
  }
}

export interface Running {
  child: ChildProcess
  output(): string
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>
  exited: Promise<number | null>
}

/** A process with only the given environment (and PATH, HOME): what an operator's clean shell would pass. */
export function run(command: string, args: string[], env: Record<string, string>, cwd = PROJECT_ROOT): Running {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output)
          if (!match) return
          cleanup()
          resolve(match)
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern}; output:\n${output}`))
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        exited.then(check)
        check()
      })
    },
  }
}

/** The built server, `node dist/server/pyoraapu.mjs <args>`. */
export function runBundle(args: string[], env: Record<string, string>): Running {
  return run(process.execPath, [SERVER_BUNDLE, ...args], env)
}

/** Starts the bundle's server on a free port and answers its base URL; killed at the end of the test. */
export async function startBundle(
  t: { teardown(fn: () => void): void },
  env: Record<string, string>,
): Promise<{ server: Running; url: string }> {
  const server = runBundle([], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env })
  t.teardown(() => server.child.kill('SIGKILL'))
  const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 120_000)
  return { server, url: url! }
}
