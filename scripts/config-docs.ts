/**
 * `npm run config:docs` rewrites the configuration table in docs/configuration.md and .env.example from the config
 * schema (the generator is server/cli/config-docs.ts, shared with `pyoraapu --help`); a test fails when either differs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CONFIG_DOC, docWithTable, envExample } from '../server/cli/config-docs.ts'
import { PROJECT_ROOT } from '../server/paths.ts'

export { CONFIG_DOC, configTable, docWithTable, envExample } from '../server/cli/config-docs.ts'

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const docPath = join(PROJECT_ROOT, CONFIG_DOC)
  writeFileSync(docPath, docWithTable(readFileSync(docPath, 'utf8')))
  writeFileSync(join(PROJECT_ROOT, '.env.example'), envExample())
  console.log(`${CONFIG_DOC} configuration table and .env.example updated`)
}
