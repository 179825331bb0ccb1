/**
 * ESLint over the whole repository, one part after another, each in a process of its own: `npm run lint` and the
 * checks' ESLint lane (scripts/check-list.ts) run this. The type-aware rules hold the TypeScript programs of everything
 * a process lints: all at once (`eslint .`) that was 2.85 GB of memory at its peak (2026-11-30), and a machine with
 * less was left with an ESLint killed before it printed anything. In parts the largest peak is the tests' 1.6 GB,
 * for about 8% more CPU (95 against 88 s) and the same wall time, as the parts share little of their programs.
 * docs/testing.md, "The static checks".
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'

/** Each part's arguments; the last is everything the others leave, so a new folder is never left out. */
const PARTS: Array<{ name: string; args: string[] }> = [
  { name: 'web', args: ['web'] },
  { name: 'test', args: ['test'] },
  { name: 'the rest', args: ['.', '--ignore-pattern', 'web/', '--ignore-pattern', 'test/'] },
]

/** A heap limit above any part's need: Node's default follows the machine's memory and may be lower. */
const HEAP = '--max-old-space-size=4096'
const ESLINT = join(PROJECT_ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js')

let failed = false
for (const part of PARTS) {
  const result = spawnSync(process.execPath, [HEAP, ESLINT, ...part.args, ...process.argv.slice(2)], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  })
  if (result.status === 0) continue
  failed = true
  // A process killed for memory prints nothing itself: say which part ended and how.
  const how = result.error
    ? `could not start: ${result.error.message}`
    : result.signal
      ? `was killed by ${result.signal} (out of memory?)`
      : `exited with ${result.status}`
  console.error(`eslint: ${part.name} ${how}`)
}
process.exit(failed ? 1 : 0)
