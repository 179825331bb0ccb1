import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'
import type { Config } from './config.ts'
import { isSea, seaProjectRoot } from './sea.ts'

/**
 * Set by the server bundle's build (scripts/build-server.ts) through esbuild's `define`; undeclared when the
 * TypeScript runs directly (tsx, tap). The bundle lives at dist/server/pyoraapu.mjs, two folders below the project,
 * while this file is one folder below it, so "the project" must be found from whichever of the two is running.
 * Every read of a project file (sql/, seed/, web/dist, package.json) goes through PROJECT_ROOT for that reason:
 * the single binary later replaces this one place.
 */
declare const __PYORAAPU_ROOT_FROM_MODULE__: string | undefined
declare const __PYORAAPU_VERSION__: string | undefined

const ROOT_FROM_MODULE = typeof __PYORAAPU_ROOT_FROM_MODULE__ === 'string' ? __PYORAAPU_ROOT_FROM_MODULE__ : '..'

// In the single binary, the project files are extracted from its assets into a private folder (server/sea.ts).
export const PROJECT_ROOT = isSea() ? seaProjectRoot() : fileURLToPath(new URL(`${ROOT_FROM_MODULE}/`, import.meta.url))

export function webDistDir(config: Pick<Config, 'WEB_DIST_DIR'>): string {
  return config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : join(PROJECT_ROOT, 'web', 'dist')
}

/** package.json's version: baked into the bundle at build time, read from the file when running the sources. */
export function packageVersion(): string {
  if (typeof __PYORAAPU_VERSION__ === 'string') return __PYORAAPU_VERSION__
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version
}
