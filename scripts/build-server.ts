/**
 * Bundles the server (server/cli.ts and everything it imports) into dist/server/pyoraapu.mjs with esbuild, so
 * `npm start` runs plain JavaScript: no tsx, no TypeScript compilation at run time. Part of `npm run build`.
 * ESM on purpose: PGlite needs import.meta.url, which a CommonJS bundle empties (STACK-NOTES pitfall 9).
 * The dependencies are bundled in too (docs/adr/0024-a-server-that-starts-fast.md): loading hundreds of files of
 * node_modules was a third of a start. Kept external, loaded from node_modules: PGlite and its socket (they find their
 * wasm and data files beside their own modules), argon2 (a native addon) and @fastify/swagger-ui (it serves files
 * from its own folder). The bundle is dist/server/pyoraapu-main.mjs; dist/server/pyoraapu.mjs is a few lines that
 * turn on Node's compile cache where Node has one (22.1+) and then import it. It also makes the embedded database's snapshot (build-snapshot.ts) and the embedded basemap
 * (build-basemap.ts, from its cache when nothing changed).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'
import { PROJECT_ROOT } from '../server/paths.ts'
import { buildBasemap } from './build-basemap.ts'
import { buildSnapshot } from './build-snapshot.ts'

export const SERVER_BUNDLE = join(PROJECT_ROOT, 'dist', 'server', 'pyoraapu.mjs')
const SERVER_DIR = join(PROJECT_ROOT, 'dist', 'server')

/** Dependencies that stay in node_modules (see above); every other one is bundled. */
export const EXTERNAL_DEPENDENCIES = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
]

/**
 * CommonJS dependencies inside an ES module: `require` of Node's own modules, `__filename` and `__dirname` (for the
 * bundle's folder; no bundled dependency reads a file beside itself on the paths the server takes).
 */
const ESM_BANNER = [
  "import { createRequire as __pyoraapuCreateRequire } from 'node:module'",
  "import { fileURLToPath as __pyoraapuFileURLToPath } from 'node:url'",
  "import { dirname as __pyoraapuDirname } from 'node:path'",
  'const require = __pyoraapuCreateRequire(import.meta.url)',
  'const __filename = __pyoraapuFileURLToPath(import.meta.url)',
  'const __dirname = __pyoraapuDirname(__filename)',
].join(';\n')

/**
 * The entry `npm start` runs: Node's compile cache (module.enableCompileCache, Node 22.1+; absent on Node 20, where
 * this does nothing) must be on before the bundle is loaded for the bundle to be cached.
 */
const ENTRY = `// Made by scripts/build-server.ts: the compile cache first, then the server (pyoraapu-main.mjs).
import module from 'node:module'
try {
  module.enableCompileCache?.()
} catch {
  // A cache folder that cannot be written: start without it.
}
await import('./pyoraapu-main.mjs')
`

export async function buildServer(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string
    dependencies: Record<string, string>
  }
  const result = await build({
    entryPoints: { 'pyoraapu-main': join(PROJECT_ROOT, 'server', 'cli.ts') },
    outdir: SERVER_DIR,
    // What only a command or a later request needs (firebase-admin, the operator commands) is a chunk of its own,
    // loaded when first imported. Chunks sit beside the entry: server/paths.ts finds the project from any of them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A package and its subpaths come from node_modules.
    external: EXTERNAL_DEPENDENCIES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: ESM_BANNER },
    // See server/paths.ts: the bundle sits in dist/server/, two folders below the project.
    define: {
      __PYORAAPU_ROOT_FROM_MODULE__: JSON.stringify('../..'),
      __PYORAAPU_VERSION__: JSON.stringify(pkg.version),
    },
    sourcemap: true,
    // Stack traces name the file and line; the sources themselves are in the repository (and node_modules).
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  })
  // Each file is written beside its place and renamed, so a server starting meanwhile never reads half a bundle.
  const files: [string, Uint8Array | string][] = result.outputFiles.map((file) => [file.path, file.contents])
  // The entry last: a server starting meanwhile finds the bundle it imports already in place.
  files.push([SERVER_BUNDLE, ENTRY])
  for (const [path, contents] of files) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(`${path}.partial`, contents)
    renameSync(`${path}.partial`, path)
  }
  // The chunks of earlier builds (their names carry a hash of their content).
  const written = new Set(files.map(([path]) => path))
  for (const name of readdirSync(SERVER_DIR)) {
    if (!written.has(join(SERVER_DIR, name))) rmSync(join(SERVER_DIR, name), { force: true })
  }
  await buildSnapshot()
  buildBasemap()
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await buildServer()
  console.log(`server bundled into ${SERVER_BUNDLE}`)
}
