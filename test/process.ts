import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface RunningMain {
  child: ChildProcess
  output(): string
  /**
   * The first match of `pattern` in the output. No deadline of its own (docs/testing.md, "Helpers"): it fails when
   * the process exits without printing it, and the test file's timeout ends a process that hangs.
   */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Runs `server/main.ts` as `npm start` does, in its own process, with only the given environment. */
export function runMain(env: Record<string, string>): RunningMain {
  return runScript('server/main.ts', [], env)
}

/** Runs one of the project's TypeScript entry points (server or script) as its npm script would. */
export function runScript(script: string, args: string[], env: Record<string, string>): RunningMain {
  return runProcess(process.execPath, ['--import', 'tsx', script, ...args], env)
}

/** Any command with only the given environment (and PATH, HOME): what an operator's clean shell would pass. */
export function runProcess(command: string, args: string[], env: Record<string, string>, cwd = ROOT): RunningMain {
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
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )

  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output)
          if (!match) return
          listeners.delete(check)
          resolve(match)
        }
        listeners.add(check)
        check()
        // Output that arrived with the exit is checked once more; then there is nothing more to wait for.
        void exited.then(({ code, signal }) => {
          check()
          if (!listeners.delete(check)) return
          reject(new Error(`exited (${signal ?? code}) without printing ${pattern}; output:\n${output}`))
        })
      })
    },
  }
}
