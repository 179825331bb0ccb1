/**
 * Commands run side by side, each one's output kept and printed whole when it ends, so their output never
 * interleaves, with its verdict and time: the checks (scripts/check-list.ts) and ESLint's parts
 * (scripts/eslint-in-parts.ts) run this way.
 */
import { spawn } from 'node:child_process'
import { PROJECT_ROOT } from '../server/paths.ts'

export interface Check {
  name: string
  command: string
  args: string[]
}

export interface Outcome {
  check: Check
  code: number | null
  /** The signal that ended it, if one did (a process killed for memory prints nothing itself). */
  signal: NodeJS.Signals | null
  output: string
  seconds: number
}

export function run(check: Check): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: PROJECT_ROOT, env: { ...process.env, FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => (output += `${error.message}\n`))
    child.on('close', (code, signal) =>
      resolve({ check, code, signal, output, seconds: (performance.now() - started) / 1000 }),
    )
  })
}

/** Runs `list`, `parallel` at a time, printing each one's output whole when it ends. */
export async function runAll(list: Check[], parallel: number): Promise<Outcome[]> {
  const queue = [...list]
  const outcomes: Outcome[] = []
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const outcome = await run(check)
      const verdict =
        outcome.code === 0
          ? 'ok'
          : outcome.signal
            ? `was killed by ${outcome.signal} (out of memory?)`
            : `FAILED (exit ${outcome.code})`
      process.stdout.write(`${outcome.output.trimEnd()}${outcome.output.trim() ? '\n' : ''}`)
      console.log(`checks: ${check.name} ${verdict} in ${outcome.seconds.toFixed(1)} s`)
      outcomes.push(outcome)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return outcomes
}
