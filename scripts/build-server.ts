/**
 * Bundles the server (server/cli.ts and everything it imports) into dist/server/pyoraapu.mjs with esbuild, so
 * `npm start` runs plain JavaScript: no tsx, no TypeScript compilation at run time. Part of `npm run build`.
 * ESM on purpose: PGlite needs import.meta.url, which a CommonJS bundle empties (STACK-NOTES pitfall 9).
 * The packages in `dependencies` stay external and are loaded from node_modules; bundling them is the single
 * binary's job later. It also makes the embedded database's snapshot (build-snapshot.ts) and the embedded basemap
 * (build-basemap.ts, from its cache when nothing changed).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'
import { PROJECT_ROOT } from '../server/paths.ts'
import { buildBasemap } from './build-basemap.ts'
import { buildSnapshot } from './build-snapshot.ts'

export const SERVER_BUNDLE = join(PROJECT_ROOT, 'dist', 'server', 'pyoraapu.mjs')

export async function buildServer(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    version: string
    dependencies: Record<string, string>
  }
  const result = await build({
    entryPoints: [join(PROJECT_ROOT, 'server', 'cli.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A package and its subpaths (@sinclair/typebox/value, ...) come from node_modules.
    external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
    // See server/paths.ts: the bundle sits in dist/server/, two folders below the project.
    define: {
      __PYORAAPU_ROOT_FROM_MODULE__: JSON.stringify('../..'),
      __PYORAAPU_VERSION__: JSON.stringify(pkg.version),
    },
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  })
  // Each file is written beside its place and renamed, so a server starting meanwhile never reads half a bundle.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(`${file.path}.partial`, file.contents)
    renameSync(`${file.path}.partial`, file.path)
  }
  await buildSnapshot()
  buildBasemap()
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await buildServer()
  console.log(`server bundled into ${SERVER_BUNDLE}`)
}
