/**
 * Gives the measured server a core of its own (docs/performance.md, "The targets in a quiet and a busy run"): the
 * server on the first core, and the load generator (this process) and PostgreSQL on the others, with `taskset`.
 * Every thread of a process is pinned (`-a`); PostgreSQL's backends are forked from the postmaster, so pinning the running ones and the postmaster covers
 * the connections opened later too. `restore` gives all the cores back to every process pinned here and to every
 * PostgreSQL process.
 */
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

const ALL = `0-${availableParallelism() - 1}`

function taskset(pid: number, cores: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' })
    return true
  } catch {
    // No taskset, or not allowed to pin that process (another user's PostgreSQL): the caller reports it.
    return false
  }
}

function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

export interface Pinning {
  /** What was pinned where, for the rows' notes; "not pinned: …" when the machine cannot. */
  description: string
  restore(): void
}

export function pinServer(serverPids: number[]): Pinning {
  const pinned: number[] = []
  const noPinning = (why: string): Pinning => ({
    description: `not pinned: ${why}`,
    restore: () => {},
  })
  if (availableParallelism() < 2) return noPinning('one core')
  const others = `1-${availableParallelism() - 1}`
  const pin = (pid: number, cores: string) => {
    if (taskset(pid, cores)) pinned.push(pid)
  }
  for (const pid of serverPids) pin(pid, '0')
  if (pinned.length < serverPids.length) return noPinning('taskset refused')
  pin(process.pid, others)
  const postgres = postgresPids()
  for (const pid of postgres) pin(pid, others)
  return {
    description:
      `server on core 0; generator${postgres.length ? ' and PostgreSQL' : ''} on core ${others}` +
      (postgres.length ? '' : ' (PostgreSQL not found here: unpinned)'),
    restore: () => {
      // PostgreSQL's backends forked while it was pinned inherited the pinning: every one running now is freed too.
      for (const pid of new Set([...pinned, ...postgresPids()])) taskset(pid, ALL)
    },
  }
}
