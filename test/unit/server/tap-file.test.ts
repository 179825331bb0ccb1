import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { PROJECT_ROOT } from '../../../server/paths.ts'

const TAP_FILE = join(PROJECT_ROOT, 'test', 'tap-file.ts')

/** Files that share a process, as a group's bundle runs them (scripts/build-tests.ts), here from TypeScript. */
const FILES: Record<string, string> = {
  'first.mts': `
    import t from ${JSON.stringify(TAP_FILE)}
    const own = { closed: false }
    ;(globalThis as { first?: typeof own }).first = own
    t.teardown(() => { own.closed = true })
    t.test('first passes', async (t) => { t.equal(own.closed, false) })`,
  'second.mts': `
    import t from ${JSON.stringify(TAP_FILE)}
    t.test('second sees the first file closed', async (t) => {
      t.equal((globalThis as { first?: { closed: boolean } }).first?.closed, true)
    })`,
  'hangs.mts': `
    import t from ${JSON.stringify(TAP_FILE)}
    // Waiting on a condition that never comes, as a stuck waitUntil does, the process kept busy by what the file
    // opened (here a timer; a server, a browser) until the file's teardown closes it.
    const busy = setInterval(() => {}, 50)
    t.teardown(() => clearInterval(busy))
    t.test('hangs for ever', () => new Promise(() => {}))`,
  'last.mts': `
    import t from ${JSON.stringify(TAP_FILE)}
    t.test('last still runs', async (t) => { t.pass() })`,
  'group.mts': `
    import { runFiles } from ${JSON.stringify(TAP_FILE)}
    await runFiles(['first', 'second', 'hangs', 'last'].map((name) => ({ name, load: () => import('./' + name + '.mts') })))`,
}

t.test('files in one process: each in its own subtest, closed before the next, ended at its own timeout', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pyoraapu-tap-file-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const [name, source] of Object.entries(FILES)) writeFileSync(join(dir, name), source)
  // A file's timeout is tap's timeout for a file (TAP_TIMEOUT, in seconds): the hanging file ends at it. The others
  // load a few lines each, far within it even on a busy machine.
  const run = spawnSync(process.execPath, ['--import', 'tsx/esm', join(dir, 'group.mts')], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TAP_TIMEOUT: '3' },
  })
  const top = run.stdout
    .split('\n')
    .filter((line) => /^(not )?ok \d+ - /.test(line))
    .map((line) => line.replace(/ # time=.*$/, ''))
  t.same(top, ['ok 1 - first', 'ok 2 - second', 'not ok 3 - hangs', 'ok 4 - last'], run.stdout + run.stderr)
  t.match(run.stdout, /timeout!/, 'the hanging file is reported as timed out')
  t.not(run.status, 0, 'the process fails')
})
