/**
 * What failed in the last tap run, named at the very end of `npm test`'s output (docs/testing.md, "How tap runs
 * them"): each test process whose TAP output in `.tap/test-results/` has a `not ok` line, with those lines (a group
 * of files names the file that failed on its own line: `not ok 4 - test/e2e/suspension.test.ts`). tap's own
 * reporter says it too, except when it cannot: with `CI` set, a file that ran into its timeout ends the reporter's
 * output before its summary, and a CI log that keeps only its last lines would then name nothing. Only results
 * written since the test bundles were built count, so a file run alone days ago does not show up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'

const RESULTS = join(PROJECT_ROOT, '.tap', 'test-results')
const BUNDLES = join(PROJECT_ROOT, '.cache', 'tests')

function filesUnder(folder: string): string[] {
  let entries
  try {
    entries = readdirSync(folder, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  )
}

/** The `not ok` lines of one file's TAP output, indented as nested, at most `limit` of them. */
function failedLines(tap: string, limit = 12): string[] {
  const lines = tap.split('\n').filter((line) => /^\s*not ok \d+/.test(line))
  return lines.length > limit ? [...lines.slice(0, limit), `    … and ${lines.length - limit} more`] : lines
}

// The last bundle written: tap starts after it, so whatever it wrote since is this run's.
const builtAt = Math.max(0, ...filesUnder(BUNDLES).map((file) => statSync(file).mtimeMs))
const failed = filesUnder(RESULTS)
  .filter((file) => file.endsWith('.tap') && statSync(file).mtimeMs >= builtAt)
  .map((file) => ({
    file: relative(RESULTS, file).replace(/\.tap$/, ''),
    lines: failedLines(readFileSync(file, 'utf8')),
  }))
  .filter(({ lines }) => lines.length > 0)

if (failed.length === 0) {
  console.log('tap failed, but no test file has a failing assertion: see tap’s own output above')
} else {
  console.log(`\n${failed.length} test process(es) failed:`)
  for (const { file, lines } of failed) console.log(`\n${file}\n${lines.join('\n')}`)
}
