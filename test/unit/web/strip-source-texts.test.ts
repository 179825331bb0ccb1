import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'
import t from 'tap'
import { withoutSourceTexts } from '../../../web/strip-source-texts.ts'

// The build leaves the descriptors' English texts and translator comments out (web/strip-source-texts.ts): what
// stays must be the same code with the same ids, and nothing else may be touched.

const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url))

/** The code as esbuild compiles it, so a cut that breaks the syntax fails here rather than in the build. */
const compiled = (code: string, tsx: boolean) => transformSync(code, { loader: tsx ? 'tsx' : 'ts' }).code

t.test('message and comment leave the marked descriptors; ids and everything else stay', async (t) => {
  const source = [
    'export const m = defineMessages({',
    "  short: /*i18n*/ { id: 'short', message: 'Short' },",
    '  long: /*i18n*/ {',
    "    id: 'long',",
    "    message: 'A long text ' + 'in two parts',",
    '    // why it is said so',
    "    comment: 'For translators.',",
    '  },',
    "  last: /*i18n*/ { comment: `first`, id: 'last', message: 'No comma after me' },",
    '})',
    "const error = { id: 'x', message: 'an object with no mark keeps its message' }",
    "const dynamic = /*i18n*/ { id: someId, message: 'an id that is not a literal: left alone' }",
    "i18n._(/*i18n*/ { id: 'inline', message: 'Inline' })",
  ].join('\n')
  const stripped = withoutSourceTexts(source, false)
  t.doesNotThrow(() => compiled(stripped, false), 'still valid')
  for (const text of ['Short', 'in two parts', 'For translators.', 'first', 'No comma after me', 'Inline']) {
    t.notOk(stripped.includes(text), `no "${text}"`)
  }
  for (const id of ["'short'", "'long'", "'last'", "'inline'"]) t.ok(stripped.includes(`id: ${id}`), `keeps ${id}`)
  t.ok(stripped.includes('an object with no mark keeps its message'))
  t.ok(stripped.includes('an id that is not a literal: left alone'))
})

t.test('<Trans> loses message and comment, keeps id, values and components', async (t) => {
  const source = [
    'export const A = () => (',
    '  <p>',
    '    <Trans id="loggedinas" message="Logged in as <0>{name}</0>" values={{ name }} components={{ 0: <b /> }} />',
    '    <Trans comment="why" id="visitor" message="A visitor">fallback</Trans>',
    '    <Other message="kept" />',
    '  </p>',
    ')',
  ].join('\n')
  const stripped = withoutSourceTexts(source, true)
  t.doesNotThrow(() => compiled(stripped, true), 'still valid')
  t.notOk(/Logged in as|A visitor|"why"/.test(stripped))
  t.ok(stripped.includes('id="loggedinas"') && stripped.includes('values={{ name }}') && stripped.includes('<b />'))
  t.ok(stripped.includes('<Other message="kept" />'))
})

t.test('every file of the app with descriptors still compiles with its ids and without its English', async (t) => {
  const files = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.startsWith('locales'),
  )
  let descriptors = 0
  for (const file of files) {
    const code = readFileSync(join(WEB_SRC, file), 'utf8')
    if (!code.includes('/*i18n*/') && !code.includes('<Trans')) continue
    const tsx = file.endsWith('.tsx')
    const stripped = withoutSourceTexts(code, tsx)
    const ids = (text: string) => [...text.matchAll(/\bid: '([^']+)'|<Trans\s+id="([^"]+)"/g)].map((m) => m[1] ?? m[2])
    t.same(ids(stripped), ids(code), `${file}: same ids`)
    t.notMatch(stripped, /\/\*i18n\*\/\s*\{[^}]*\bmessage:/, `${file}: no descriptor keeps its message`)
    t.doesNotThrow(() => compiled(stripped, tsx), `${file} compiles`)
    descriptors += ids(code).length
  }
  t.ok(descriptors > 700, `${descriptors} descriptors`)
})
