/**
 * ESLint over the whole repository in parts, each in a process of its own: `npm run lint` and the checks' ESLint lane
 * (scripts/check-list.ts) run this. The type-aware rules hold the TypeScript programs of everything a process lints:
 * all at once (`eslint .`) that was 2.85 GB of memory at its peak (2026-11-30), and a machine with less was left with
 * an ESLint killed before it printed anything. Two parts: the app (`web`), 1.2 GB, and the rest, whose tests import
 * the server and the app, 1.8 GB at a 2 GB heap (2026-11-30 16:35). The tests had a part of their own, but each part
 * builds again the programs of what its files import: three parts took 106 CPU-seconds, two take 90. The parts run
 * side by side as far as the cores and the free memory allow, one after another on a small machine, and
 * each part's verdict is printed, on the same output as ESLint's findings, when it ends. docs/testing.md, "The static
 * checks".
 */
import { availableParallelism, freemem, totalmem } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'
import { runAll, type Check } from './side-by-side.ts'

/** A part's heap, the same on every machine: Node's default follows the machine's memory and may be too low. */
const HEAP_MB = 2048
/** What a part may take of the machine's memory: its heap and the rest of the process. */
const PART_MEMORY = 2.5 * 1024 ** 3
const ESLINT = join(PROJECT_ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js')

const part = (name: string, args: string[]): Check => ({
  name: `eslint ${name}`,
  command: process.execPath,
  args: [`--max-old-space-size=${HEAP_MB}`, ESLINT, ...args, ...process.argv.slice(2)],
})

/** The parts, the largest first: everything but the app, so a new folder is never left out, and the app. */
const PARTS = [part('all but web', ['.', '--ignore-pattern', 'web/']), part('web', ['web'])]

/**
 * The memory the parts may take: the machine's free memory or, in a container with a memory limit (a cgroup, which
 * the machine's free memory does not show), what is left of that limit; when the limit is reached, the kernel may
 * kill every process of the container at once, before any part could say anything.
 */
function availableMemory(): number {
  const limit = process.constrainedMemory()
  const inContainer = limit > 0 && limit < totalmem()
  return inContainer ? Math.min(freemem(), limit - process.memoryUsage.rss()) : freemem()
}

const atOnce = Math.max(1, Math.min(availableParallelism(), Math.floor(availableMemory() / PART_MEMORY), PARTS.length))
const outcomes = await runAll(PARTS, atOnce)
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1)
