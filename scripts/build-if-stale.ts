/**
 * `npm start`'s prestart: runs `npm run build` when the built server or web app is missing or older than any
 * source it is made from, so `npm install && npm start` works on a fresh clone and after a `git pull`, while a
 * start with an up-to-date build costs only this check (no build, no TypeScript at run time).
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'

/** What the build makes; the oldest one must be newer than every source. */
const OUTPUTS = [
  'dist/server/pyoraapu.mjs',
  'web/dist/index.html',
  'dist/embedded-snapshot/snapshot.json',
  'dist/basemap/basemap.pmtiles',
]
/** What it is made from. seed/ is read at run time, not built; sql/ is too, and the database snapshot is made of it. */
const SOURCES = [
  'server',
  'web',
  'sql',
  'scripts/build-server.ts',
  'scripts/build-snapshot.ts',
  'scripts/build-basemap.ts',
  'scripts/basemap',
  'package.json',
  'package-lock.json',
]
// messages.ts and areas/: the catalogs i18n:compile writes during the build itself.
const SKIPPED = new Set(['node_modules', 'dist', 'messages.ts', 'areas'])

export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (!SKIPPED.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

export function buildReason(root: string = PROJECT_ROOT): string | undefined {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)))
  if (missing) return `${missing} is missing`
  const built = Math.min(...OUTPUTS.map((output) => statSync(join(root, output)).mtimeMs))
  const changed = SOURCES.find((source) => newestMtime(join(root, source)) > built)
  return changed ? `${changed} changed since the last build` : undefined
}

if (import.meta.filename === process.argv[1]) {
  const reason = buildReason()
  if (reason) {
    console.log(`prestart: ${reason}: npm run build`)
    execSync('npm run build', { cwd: PROJECT_ROOT, stdio: 'inherit' })
  }
}
