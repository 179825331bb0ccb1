/**
 * Bundles every test file (each `*.test.ts` under test/) into plain JavaScript under .cache/tests/, so that
 * `npm test` and `npm run test:fast` start each of tap's processes from one file and a few shared chunks instead of
 * loading hundreds of TypeScript modules through tsx. Each test file runs in its own process, so this start-up cost
 * is paid ~150 times a run. The decision: docs/adr/0005-tests-run-as-bundles.md; the numbers: docs/testing.md.
 *
 * The bundle keeps the code's meaning:
 * - packages stay external and load from node_modules, as they do under tsx;
 * - every module keeps its own import.meta (url, filename, dirname): they are written into the module as the source
 *   file's values, so paths computed from them (PROJECT_ROOT, fixtures, "am I the main module?") are the same as
 *   when the .ts file runs itself;
 * - source maps point stack traces and tap's failure reports at the .ts lines.
 *
 * A single file still runs straight from its source: `npx tap test/server/health.test.ts` (tsx, see package.json).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { PROJECT_ROOT } from '../server/paths.ts'
import { importThroughDefiningModules } from '../test/through-indexes.mjs'
import { filesAlone, testGroups, type TestGroup, type TestSource } from './test-groups.ts'

export const TEST_BUILD_DIR = join(PROJECT_ROOT, '.cache', 'tests')

const TEST_DIR = join(PROJECT_ROOT, 'test')
const TAP_FILE = join(TEST_DIR, 'tap-file.ts')

function testSources(): TestSource[] {
  return readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => ({ path: file, bytes: statSync(join(TEST_DIR, file)).size }))
}

/** The module of a group's bundle: it runs the group's files one after another (test/tap-file.ts). */
function groupSource(group: TestGroup): string {
  const files = group.files.map((file) => {
    const path = join(TEST_DIR, file)
    return `  { name: ${JSON.stringify(relative(PROJECT_ROOT, path))}, load: () => import(${JSON.stringify(path)}) },`
  })
  return `import { runFiles } from ${JSON.stringify(TAP_FILE)}\nawait runFiles([\n${files.join('\n')}\n])\n`
}

/** A group's bundle is built from its module, which exists only here: `group:<name>`. */
function groupEntries(groups: readonly TestGroup[]): Plugin {
  const sources = new Map(groups.map((group) => [group.name, groupSource(group)]))
  return {
    name: 'test-groups',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^group:/ }, (args) => ({ path: args.path.slice(6), namespace: 'group' }))
      pluginBuild.onLoad({ filter: /.*/, namespace: 'group' }, (args) => ({
        contents: sources.get(args.path),
        resolveDir: TEST_DIR,
        loader: 'js',
      }))
    },
  }
}

/** A test file's `import t from 'tap'` gets the running file's test (test/tap-file.ts), which imports tap itself. */
const tapOfTheFile: Plugin = {
  name: 'tap-of-the-file',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^tap$/ }, (args) =>
      /\.test\.tsx?$/.test(args.importer) ? { path: TAP_FILE } : undefined,
    )
  },
}

/**
 * Writes each source module's own import.meta values into it, so bundling does not move what they point at, and
 * imports each name of a feature's index.ts from the module that defines it (test/through-indexes.mjs).
 */
const sourceForTests: Plugin = {
  name: 'source-for-tests',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(tsx?|mjs)$/, namespace: 'file' }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined
      const own: Record<string, string> = {
        url: pathToFileURL(args.path).href,
        filename: args.path,
        dirname: dirname(args.path),
      }
      // Not inside a string: scripts/build-binary.ts names 'import.meta.url' as a key of esbuild's define.
      const source = readFileSync(args.path, 'utf8')
      const contents = importThroughDefiningModules(source).replace(
        /(?<![\w'"`.])import\.meta\.(url|filename|dirname)\b(?!['"`])/g,
        (_, name: string) => JSON.stringify(own[name]),
      )
      return { contents, loader: args.path.endsWith('.mjs') ? 'js' : args.path.endsWith('x') ? 'tsx' : 'ts' }
    })
  },
}

export async function buildTests(): Promise<string> {
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true })
  const sources = testSources()
  const groups = testGroups(sources)
  await build({
    entryPoints: [
      ...filesAlone(sources).map((file) => join(TEST_DIR, file)),
      ...groups.map((group) => ({ in: `group:${group.name}`, out: `${group.name}.test` })),
    ],
    outbase: TEST_DIR,
    outdir: TEST_BUILD_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [sourceForTests, tapOfTheFile, groupEntries(groups)],
    // A component test renders the app's components (test/component/): their JSX as the app compiles it, their
    // stylesheets as nothing, since a DOM emulation lays nothing out; their small images as data: URLs, as the
    // app's build inlines them.
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'dataurl' },
    logLevel: 'warning',
  })
  return TEST_BUILD_DIR
}

if (import.meta.filename === process.argv[1]) {
  console.log(`tests bundled into ${await buildTests()}`)
}
