import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { CONFIG_DOC, configTable, docWithTable, envExample } from '../../../scripts/config-docs.ts'
import { ConfigSchema } from '../../../server/config.ts'
import { PROJECT_ROOT } from '../../../server/paths.ts'

t.test('docs/configuration.md documents every configuration variable as the schema defines it', async (t) => {
  const doc = readFileSync(join(PROJECT_ROOT, CONFIG_DOC), 'utf8')
  t.equal(docWithTable(doc), doc, 'the table is current (run npm run config:docs)')
  for (const name of Object.keys(ConfigSchema.properties)) t.match(configTable(), `| \`${name}\` |`)
})

t.test('.env.example lists every variable', async (t) => {
  const example = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8')
  t.equal(example, envExample(), '.env.example is current (run npm run config:docs)')
  for (const name of Object.keys(ConfigSchema.properties)) t.match(example, `# ${name}=`)
})
