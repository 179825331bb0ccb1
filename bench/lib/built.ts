/** Where `npm run build` puts the app, and a row saying to build when it has not (benches never crash on it). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT, webDistDir } from '../../server/paths.ts'
import type { BenchRow } from './report.ts'

export const WEB_DIST = webDistDir({ WEB_DIST_DIR: undefined })
/** BENCH_SERVER_BUNDLE=<path>: another build of the server (e.g. main's, built in a copy) for a before/after. */
export const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? join(PROJECT_ROOT, 'dist', 'server', 'pyoraapu.mjs')

/** The single executable `npm run build:binary` makes. */
export { BINARY } from '../../scripts/build-binary.ts'

/** A row instead of figures when `what` is missing. */
export function notBuilt(group: string, what: string): BenchRow[] | undefined {
  if (existsSync(what)) return undefined
  return [
    { group, name: 'not measured', value: Number.NaN, unit: '', note: `${what} is missing: run npm run build first` },
  ]
}

/** What index.html loads before anything else: the entry script, its modulepreloads and stylesheets. */
export function indexHtmlAssets(): { scripts: string[]; preloads: string[]; styles: string[] } {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!)
  return {
    scripts: all(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    preloads: all(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    styles: all(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
  }
}
