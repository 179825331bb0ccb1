/**
 * `npm run bench -- --busy`: a neighbour that wants a whole core for the length of the run, so that a figure shows
 * whether the design meets its target beside other work, not only on a quiet machine (docs/performance.md,
 * "Quiet and busy runs"). The hog is a Node process spinning in a loop: it never sleeps, allocates nothing and holds no
 * lock, so what it takes from the measured processes is CPU time and cache, as a busy neighbour's build does.
 */
import { spawn } from 'node:child_process'

export interface CpuHog {
  pid: number
  stop(): Promise<void>
}

export function startCpuHog(): CpuHog {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}
