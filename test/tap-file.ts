/**
 * The `t` of a test file, and the runner of files that share a process (docs/testing.md, "Files that share a
 * process"). In `npm test` most test files run several to a process: each as a subtest of tap's root named after the
 * file, one after another. What `import t from 'tap'` gives a test file in the bundles (scripts/build-tests.ts) is
 * this module's default export, which stands for the subtest of the file being run: the file's tests, hooks and
 * teardowns belong to it, so a file's server, database and browser close when the file ends, and a file that hangs
 * ends at its own timeout while the next one runs. A file run alone (`npx tap test/...ts`, or a bundle of its own)
 * gets tap's root through it, as before.
 */
import tap, { type Test } from 'tap'

/** The subtest of the file being run in a shared process; none when the file has the process to itself. */
let currentFile: Test | undefined

const target = (): Test => currentFile ?? tap

/**
 * Every property read from the running file's test: its methods bound to it, so tap's own classes, which keep
 * private fields, see their own object.
 */
const fileTest = new Proxy(tap, {
  get(_, property) {
    const test = target()
    const value: unknown = Reflect.get(test, property, test)
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(test) : value
  },
  set: (_, property, value) => Reflect.set(target(), property, value),
  has: (_, property) => Reflect.has(target(), property),
})

export default fileTest

const timeoutListeners = new Set<() => void>()
tap.on('timeout', () => timeoutListeners.forEach((listener) => listener()))

/** Calls `listener` when the running file ends at its timeout, whether it has a process of its own or not. */
export function onFileTimeout(listener: () => void): void {
  timeoutListeners.add(listener)
}

export interface TestFile {
  /** The file's path from the project root, the name its tests are reported under. */
  name: string
  /** Imports the file, which queues its tests on `t`. */
  load: () => Promise<unknown>
}

/**
 * Runs test files one after another, each as a subtest of tap's root with the timeout tap gives a file
 * (package.json, "tap"."timeout"), so the process's own limit is the sum of theirs.
 */
export async function runFiles(files: readonly TestFile[]): Promise<void> {
  const fileTimeout = Number(process.env.TAP_TIMEOUT ?? 30) * 1000
  tap.setTimeout(fileTimeout * files.length)
  for (const file of files) {
    await tap.test(file.name, { timeout: fileTimeout }, async (t) => {
      currentFile = t
      t.on('timeout', () => timeoutListeners.forEach((listener) => listener()))
      await file.load()
    })
  }
  currentFile = undefined
}
