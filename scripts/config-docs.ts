/**
 * `npm run config:docs` rewrites the README's configuration table and .env.example from the config schema
 * (the generator is server/cli/config-docs.ts, shared with `pyoraapu --help`); a test fails when either differs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { envExample, readmeWithTable } from '../server/cli/config-docs.ts'
import { PROJECT_ROOT } from '../server/paths.ts'

export { configTable, envExample, readmeWithTable } from '../server/cli/config-docs.ts'

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const readmePath = join(PROJECT_ROOT, 'README.md')
  writeFileSync(readmePath, readmeWithTable(readFileSync(readmePath, 'utf8')))
  writeFileSync(join(PROJECT_ROOT, '.env.example'), envExample())
  console.log('README.md configuration table and .env.example updated')
}
