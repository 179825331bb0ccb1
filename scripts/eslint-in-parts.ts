/**
 * ESLint over the whole repository in parts, each in a process of its own: `npm run lint` and the checks' ESLint lane
 * (scripts/check-list.ts) run this. The type-aware rules hold the TypeScript programs of everything a process lints:
 * all at once (`eslint .`) that was 2.85 GB of memory at its peak (2026-11-30), and a machine with less was left with
 * an ESLint killed before it printed anything. A part takes 0.8-1.7 GB (the tests' part the most: at a 1 GB heap it
 * ran out of memory or spent 50 s collecting garbage, at 2 GB it took 33 s and 1.7 GB, 2026-11-30 14:25-14:30). The
 * parts run side by side as far as the cores and the free memory allow, one after another on a small machine, and
 * each part's verdict is printed, on the same output as ESLint's findings, when it ends. docs/testing.md, "The static
 * checks".
 */
import { spawn } from 'node:child_process'
import { availableParallelism, freemem } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'

/** Each part's arguments; the last is everything the others leave, so a new folder is never left out. */
const PARTS: Array<{ name: string; args: string[] }> = [
  { name: 'test', args: ['test'] },
  { name: 'web', args: ['web'] },
  { name: 'the rest', args: ['.', '--ignore-pattern', 'web/', '--ignore-pattern', 'test/'] },
]

/** A part's heap, the same on every machine: Node's default follows the machine's memory and may be too low. */
const HEAP_MB = 2048
/** What a part may take of the machine's memory: its heap and the rest of the process. */
const PART_MEMORY = 2.5 * 1024 ** 3
const ESLINT = join(PROJECT_ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js')

/** Runs one part, its output kept and printed whole with its verdict, so parts side by side never interleave. */
function lint(part: (typeof PARTS)[number]): Promise<boolean> {
  const started = performance.now()
  return new Promise((resolve) => {
    const args = [`--max-old-space-size=${HEAP_MB}`, ESLINT, ...part.args, ...process.argv.slice(2)]
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => (output += `could not start: ${error.message}\n`))
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      // A process killed for memory prints nothing itself: say which part ended and how.
      const verdict = code === 0 ? 'ok' : signal ? `was killed by ${signal} (out of memory?)` : `failed (exit ${code})`
      process.stdout.write(
        `${output.trimEnd()}${output.trim() ? '\n' : ''}eslint: ${part.name} ${verdict} in ${seconds} s\n`,
      )
      resolve(code === 0)
    })
  })
}

const atOnce = Math.max(1, Math.min(availableParallelism(), Math.floor(freemem() / PART_MEMORY), PARTS.length))
const queue = [...PARTS]
const verdicts: boolean[] = []
await Promise.all(
  Array.from({ length: atOnce }, async () => {
    for (let part = queue.shift(); part; part = queue.shift()) verdicts.push(await lint(part))
  }),
)
process.exit(verdicts.every(Boolean) ? 0 : 1)
