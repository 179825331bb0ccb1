import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

// The web client's layout (docs/architecture.md, "Web app"): the shell in app/, one folder per feature in
// features/, and shared/ for what several features use, which imports neither a feature nor the shell.
const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url))

/** The relative import specifiers of a source file (static, dynamic and side-effect imports). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"\n]+)['"]/g)].map((match) => match[1]!)
}

t.test('web/src has at most 8 entries at the top', async (t) => {
  const entries = readdirSync(WEB_SRC).sort()
  t.ok(entries.length <= 8, entries.join(', '))
  for (const folder of ['app', 'features', 'shared', 'locales']) t.ok(entries.includes(folder), folder)
})

t.test('shared/ imports no feature and not the shell', async (t) => {
  const shared = join(WEB_SRC, 'shared')
  const files = readdirSync(shared, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file))
  t.ok(files.length > 20, `${files.length} files in shared/`)
  const outside: string[] = []
  for (const file of files) {
    const path = join(shared, file)
    for (const specifier of relativeImports(path)) {
      const target = relative(WEB_SRC, resolve(dirname(path), specifier))
      if (/^(features|app)\//.test(target)) outside.push(`shared/${file} imports ${target}`)
    }
  }
  t.same(outside, [])
})
