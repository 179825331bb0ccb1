/**
 * `npm run bench -- --busy`: a neighbour that wants a whole core for the length of the run, so that a figure shows
 * whether the design meets its target beside other work, not only on a quiet machine (docs/performance.md, "The
 * targets in a quiet and a busy run"). The hog is a Node process spinning in a loop: it allocates nothing and holds
 * no lock, so what it takes from the measured processes is CPU time and cache, as a busy neighbour's build does.
 * It checks now and then that the bench that started it is still there, so a bench that crashes leaves no hog behind.
 */
import { spawn } from 'node:child_process'

export interface CpuHog {
  pid: number
  stop(): Promise<void>
}

export function startCpuHog(): CpuHog {
  const spin = `for (;;) { for (let i = 0; i < 1e8; i++); try { process.kill(${process.pid}, 0) } catch { process.exit() } }`
  const child = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}
