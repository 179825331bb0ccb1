/**
 * Lighthouse scores of the built app, with Lighthouse's mobile settings, on the system Chromium:
 *   npm run build && npm run bench:lighthouse
 * Starts the real server on a fresh embedded database (or DATABASE_URL), prints a table, and exits 1 when a page
 * is under the required scores (Performance 90, Accessibility 95, Best Practices 95). Performance is timing: run
 * it on a quiet machine. It is not part of `npm test` (a minute and a half of Chromium for what axe-core and the
 * browser tests' console checks already hold there; docs/testing.md).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../server/config.ts'
import { buildServer } from '../server/server.ts'
import { CATEGORIES, PUBLIC_PATHS, REQUIRED, runLighthouse } from './lighthouse-runner.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'pyoraapu-lighthouse-'))
const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
const app = buildServer(config)
try {
  await app.listen({ host: config.HOST, port: config.PORT })
  const { port } = app.server.address() as AddressInfo
  const reports = await runLighthouse(PUBLIC_PATHS.map((path) => `http://127.0.0.1:${port}${path}`))

  console.log(`\n| Page | ${CATEGORIES.join(' | ')} |\n|---|${CATEGORIES.map(() => '---:').join('|')}|`)
  let short = false
  for (const { url, scores, failing } of reports) {
    const path = new URL(url).pathname
    console.log(`| ${path} | ${CATEGORIES.map((category) => scores[category] ?? '-').join(' | ')} |`)
    for (const [category, required] of Object.entries(REQUIRED)) {
      if ((scores[category as keyof typeof scores] ?? 0) < required) short = true
    }
    for (const line of failing) console.log(`    ${path} ${line}`)
  }
  console.log(
    `\nRequired: ${Object.entries(REQUIRED)
      .map(([category, score]) => `${category} >= ${score}`)
      .join(', ')}`,
  )
  if (short) {
    console.log('Some page is under a required score.')
    process.exitCode = 1
  }
} finally {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}
