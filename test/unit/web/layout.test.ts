import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'

// The web client's layout (docs/architecture.md, "Web app"): the shell in app/, one folder per feature in
// features/, and shared/ for what several features use. What each may import is the lint rule's
// (scripts/eslint-web-layers.mjs, test/unit/web/layers-rule.test.ts).
const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url))

t.test('web/src has at most 8 entries at the top', async (t) => {
  const entries = readdirSync(WEB_SRC).sort()
  t.ok(entries.length <= 8, entries.join(', '))
  for (const folder of ['app', 'features', 'shared', 'locales']) t.ok(entries.includes(folder), folder)
})
