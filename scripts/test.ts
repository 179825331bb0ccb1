/**
 * `npm test`, what CI runs: the static checks with the format check, the build beside them, and every test file
 * with tap as soon as the build is done (docs/testing.md). The tests need the build (the browser files the app, the
 * built tier the bundle and the binary) and nothing the checks make, so they do not wait for the checks: ESLint, the
 * longest of them, is alone on one core for its last minute, which the tests now use. A check that fails is printed
 * when it ends and named again at the very end, after tap's summary and the files that failed.
 */
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { PROJECT_ROOT } from '../server/paths.ts'
import { bin, BUILD, checks, compileCatalogs } from './check-list.ts'
import { runAll } from './side-by-side.ts'

/** Runs a command with the terminal as its output (tap's reporter draws on it); resolves to its exit code. */
function runLive(command: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit' })
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`)
      resolve(null)
    })
    child.on('close', resolve)
  })
}

/** The build, then the test bundles, then tap; what failed, by name. */
async function buildAndTest(): Promise<string[]> {
  const [build] = await runAll([BUILD], 1)
  if (build?.code !== 0) return ['build']
  if ((await runLive(bin('tsx'), ['scripts/build-tests.ts'])) !== 0) return ['the test bundles']
  if ((await runLive(bin('tap'), ['.cache/tests/**/*.test.mjs'])) === 0) return []
  await runLive(bin('tsx'), ['scripts/tap-failures.ts'])
  return ['tests']
}

if (!(await compileCatalogs())) process.exit(1)
const [checked, tested] = await Promise.all([runAll(checks(true), availableParallelism()), buildAndTest()])
const failed = [...checked.filter((outcome) => outcome.code !== 0).map(({ check }) => check.name), ...tested]
if (failed.length > 0) {
  console.error(`npm test: ${failed.join(', ')} failed`)
  process.exit(1)
}
