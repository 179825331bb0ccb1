import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import t, { type Test } from 'tap'
import {
  AREAS_DIR,
  areaFileName,
  LOCALES,
  planAppAreas,
  planAreas,
  SHELL_AREA,
  WEB_DIR,
} from '../../../scripts/catalog-areas.ts'
import { readCatalog } from './catalog-check.ts'

// The catalogs split by area (docs/adr/0012-catalogs-split-by-area.md): every text the code can show is in an area
// that is loaded before the code that shows it runs, and the compiled area catalogs hold exactly their area's texts
// in fi, sv and en. test/unit/web/catalogs.test.ts checks the .po catalogs themselves.

const LOCALES_DIR = join(WEB_DIR, 'src', 'locales')

/** The ids of one compiled area catalog, read as the text `npm run i18n:compile` wrote. */
function compiledIds(area: string, locale: string): string[] {
  const text = readFileSync(join(AREAS_DIR, areaFileName(area, locale)), 'utf8')
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(text)?.[1]
  if (!literal) throw new Error(`${area}.${locale}: not a compiled catalog`)
  return Object.keys(JSON.parse(JSON.parse(literal) as string) as object).sort()
}

t.test('every text is in an area that is loaded before the code that shows it', async (t) => {
  const plan = planAppAreas()
  t.same(plan.problems, [])
  t.equal(plan.areas[0]?.name, SHELL_AREA, 'the shell comes first')
  const english = readCatalog(LOCALES_DIR, 'en')
  const held = new Set(plan.areas.flatMap((area) => area.ids))
  t.same(
    [...english.keys()].filter((id) => !held.has(id)),
    [],
    'every id of the catalogs is in an area',
  )
  t.ok(plan.areas.length >= 10, `${plan.areas.length} areas`)
})

t.test('the first screen gets only the shell and install texts, not those of other screens', async (t) => {
  const shell = new Set(planAppAreas().areas[0]!.ids)
  for (const id of ['appname', 'installwelcome', 'skipinstall']) t.ok(shell.has(id), `shell has ${id}`)
  // The requests list, the service map, the settings, the admin dashboard and the feedback texts come later.
  for (const id of ['tabrequests', 'servicecategory', 'radius', 'admindashboard', 'fillallfields']) {
    t.notOk(shell.has(id), `shell has no ${id}`)
  }
})

t.test('the compiled area catalogs hold exactly their area in fi, sv and en (npm run i18n:compile)', async (t) => {
  const plan = planAppAreas()
  const index = readFileSync(join(AREAS_DIR, 'index.ts'), 'utf8')
  t.match(index, `export const TEXT_AREAS = [${plan.areas.map(({ name }) => `'${name}'`).join(', ')}] as const`)
  for (const { name, ids } of plan.areas) {
    for (const locale of LOCALES) {
      if (ids.length === 0) t.match(index, `'${name}': () => Promise.resolve({ messages: {} })`, `${name} is empty`)
      else t.same(compiledIds(name, locale), ids, `${name}.${locale}`)
    }
  }
})

/** A tiny web app under a test folder: `files` by path under src/, and a messages.po naming where each id is. */
function fixtureApp(t: Test, files: Record<string, string>) {
  const webDir = t.testdir()
  const srcDir = join(webDir, 'src')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(srcDir, path)), { recursive: true })
    writeFileSync(join(srcDir, path), text)
  }
  const po = (ids: Record<string, string>) =>
    Object.entries(ids)
      .map(([id, file]) => `#. js-lingui-explicit-id\n#: src/${file}\nmsgid "${id}"\nmsgstr "${id}"\n`)
      .join('\n')
  return {
    plan: (ids: Record<string, string>) => planAreas(srcDir, join(srcDir, 'main.tsx'), po(ids), webDir),
  }
}

const CATALOG = (ids: string[]) =>
  `export const m = {${ids.map((id) => `${id}: /*i18n*/ { id: '${id}', message: '${id}' }`).join(', ')}}\n`

t.test('an area is what its import reaches, less what is loaded wherever the import runs', async (t) => {
  const app = fixtureApp(t, {
    'main.tsx': [
      "import { m } from './shell-catalog.ts'",
      "import { withTexts } from './loader.ts'",
      "export const Page = withTexts('page', () => import('./page.tsx'))",
      "import type { Never } from './never-catalog.ts'",
      "export const Other = withTexts('other', () => import('./other.tsx'))",
    ].join('\n'),
    'loader.ts': 'export const withTexts = (_: string, load: () => unknown) => load\n',
    'shell-catalog.ts': CATALOG(['appname']),
    'never-catalog.ts': CATALOG(['never']),
    'page.tsx': [
      "import { m } from './shell-catalog.ts'",
      "import { p } from './page-catalog.ts'",
      "import { withTexts } from './loader.ts'",
      "export const Map = withTexts('map', () => import('./map.tsx'))",
    ].join('\n'),
    'other.tsx': [
      "import { p } from './page-catalog.ts'",
      "import { withTexts } from './loader.ts'",
      "export const Map = withTexts('map', () => import('./map.tsx'))",
    ].join('\n'),
    'page-catalog.ts': CATALOG(['pagetitle', 'close']),
    'map.tsx': "import { p } from './page-catalog.ts'\nimport { z } from './map-catalog.ts'\n",
    'map-catalog.ts': CATALOG(['zoomin']),
  })
  const plan = app.plan({
    appname: 'shell-catalog.ts',
    pagetitle: 'page-catalog.ts',
    close: 'page-catalog.ts',
    zoomin: 'map-catalog.ts',
    never: 'never-catalog.ts',
  })
  t.same(plan.areas, [
    { name: 'shell', ids: ['appname'] },
    // Loaded from page and from other, which both hold the page catalog: only the map's own text.
    { name: 'map', ids: ['zoomin'] },
    { name: 'other', ids: ['close', 'pagetitle'] },
    { name: 'page', ids: ['close', 'pagetitle'] },
  ])
  // never-catalog.ts is imported only as a type: its text is in no area.
  t.same(plan.problems.length, 1)
  t.match(plan.problems[0], /never-catalog\.ts: no area holds never: nothing the app loads imports this file/)
})

t.test('an import of code with texts not loaded where it runs must name its area', async (t) => {
  const app = fixtureApp(t, {
    'main.tsx': "import { m } from './shell-catalog.ts'\nexport const load = () => import('./page.tsx')\n",
    'shell-catalog.ts': CATALOG(['appname']),
    'page.tsx': "import { m } from './shell-catalog.ts'\nimport { p } from './page-catalog.ts'\n",
    'page-catalog.ts': CATALOG(['pagetitle']),
    'plain.ts': "export const load = () => import('./shell-catalog.ts')\n",
  })
  const plan = app.plan({ appname: 'shell-catalog.ts', pagetitle: 'page-catalog.ts' })
  t.same(plan.problems.length, 2, plan.problems.join('\n'))
  t.match(
    plan.problems[0],
    /main\.tsx: import\('page\.tsx'\) loads code with texts that may not be loaded \(pagetitle\)/,
  )
  t.match(plan.problems[0], /wrap it in withTexts/)
  t.match(plan.problems[1], /page-catalog\.ts: no area holds pagetitle/)

  // An import of code whose texts are all loaded already needs no area (plain.ts is not even loaded: it is checked
  // against the shell).
  t.notMatch(plan.problems.join('\n'), /plain\.ts/)
})

t.test('an area is named by a lowercase word, never shell', async (t) => {
  const app = fixtureApp(t, {
    'main.tsx': [
      "import { withTexts } from './loader.ts'",
      "export const a = withTexts('shell', () => import('./a.tsx'))",
      "export const b = withTexts('Big Page', () => import('./a.tsx'))",
      "const name = 'c'",
      'export const c = withTexts(name, () => import("./a.tsx"))',
    ].join('\n'),
    'loader.ts': 'export const withTexts = (_: string, load: () => unknown) => load\n',
    'a.tsx': 'export const a = 1\n',
  })
  const problems = app.plan({}).problems
  t.equal(problems.length, 3, problems.join('\n'))
  t.match(problems[0], /main\.tsx:2: "shell" cannot name an area/)
  t.match(problems[1], /main\.tsx:3: "Big Page" cannot name an area/)
  t.match(problems[2], /main\.tsx:5: withTexts needs the area's name as a string/)
})
