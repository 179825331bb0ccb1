import { fileURLToPath } from 'node:url'
import { join, resolve } from 'node:path'
import type { Config } from './config.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

export function webDistDir(config: Pick<Config, 'WEB_DIST_DIR'>): string {
  return config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : join(PROJECT_ROOT, 'web', 'dist')
}
