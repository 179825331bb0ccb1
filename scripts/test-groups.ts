/**
 * Which test files share a process in `npm test` (docs/testing.md, "Files that share a process"). A test process pays
 * for starting Node, loading tap, the server's modules and, in a browser file, playwright-core before its first test:
 * about 1.5 CPU-seconds of a server file that then runs for 1-3. Files of the unit, component, server and browser tiers
 * therefore run several to a process, one after another (test/tap-file.ts), and later files run on code the process has
 * already loaded and compiled. Component files share their process's DOM emulation and the app's module-level store as
 * the tests of one file always did: each test renders the app and removes it. The tests of the built artefacts keep a
 * process each: they start the bundle, the binary and Caddy as processes of their own, and are few.
 */

export interface TestSource {
  /** The path under test/, e.g. server/health.test.ts. */
  path: string
  /** Its size, which stands for how long it runs when the groups are balanced. */
  bytes: number
}

export interface TestGroup {
  /** The bundle's path under the build folder, without its extension, e.g. server/group-03. */
  name: string
  /** The paths under test/ of its files, in the order they run. */
  files: string[]
}

/**
 * Files per process by tier. Browser files are few to a process: a process's files run one after another, so a group
 * lasts as long as its files together, and four of them at a time keep two cores busy to the end of the run.
 */
const FILES_PER_GROUP: Readonly<Record<string, number>> = { unit: 40, component: 5, server: 15, e2e: 4 }

const tierOf = (path: string) => path.split('/')[0] ?? ''

/** The files that keep a process each: those of a tier without a group size (built). */
export function filesAlone(sources: readonly TestSource[]): string[] {
  return sources.filter(({ path }) => FILES_PER_GROUP[tierOf(path)] === undefined).map(({ path }) => path)
}

/**
 * The groups of each grouped tier: as many as its files need at its size, balanced by bytes (the largest file goes
 * to the lightest group), each group's files in path order. The same files always make the same groups.
 */
export function testGroups(sources: readonly TestSource[]): TestGroup[] {
  const byTier = new Map<string, TestSource[]>()
  for (const source of sources) {
    const tier = tierOf(source.path)
    if (FILES_PER_GROUP[tier] !== undefined) byTier.set(tier, [...(byTier.get(tier) ?? []), source])
  }
  return [...byTier].flatMap(([tier, files]) => {
    const count = Math.ceil(files.length / (FILES_PER_GROUP[tier] ?? 1))
    const groups = Array.from({ length: count }, () => ({ bytes: 0, files: [] as string[] }))
    const largestFirst = [...files].sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path))
    for (const file of largestFirst) {
      const lightest = groups.reduce((min, group) => (group.bytes < min.bytes ? group : min))
      lightest.bytes += file.bytes
      lightest.files.push(file.path)
    }
    return groups.map((group, index) => ({
      name: `${tier}/group-${String(index + 1).padStart(2, '0')}`,
      files: group.files.sort(),
    }))
  })
}
