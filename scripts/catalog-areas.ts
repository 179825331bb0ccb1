/**
 * `npm run i18n:compile` runs this after `lingui compile`: splits each language's compiled catalog into one catalog
 * per text area, so a screen downloads only the texts its code can show (docs/adr/0012-catalogs-split-by-area.md).
 *
 * An area is named in the code where a lazy chunk is loaded: `withTexts('admin', () => import('./AdminPage.tsx'))`
 * (web/src/shared/i18n/catalog-loader.ts), and the entry (app/main.tsx) is the area `shell`. What an area holds is
 * not listed by hand: it is every text defined in a file its import reaches (static imports only: a dynamic
 * `import()` is where the next chunk begins), less the texts that are loaded already wherever that import runs
 * (the shell's, and those of the areas whose code makes the call). Which file defines a text is the `#:` origin of
 * its entry in messages.po. Lingui's translations stay in the one messages.po per language.
 *
 * Refused, so a screen can never show a text whose catalog is not loaded (and `npm run i18n:compile` fails):
 * - a dynamic `import()` of code with texts that are not loaded where it runs, unless wrapped in `withTexts`;
 * - a text no area holds (its file is imported by nothing the app loads);
 * - a `withTexts` whose area name is not a plain lowercase word (it names files) or is `shell`.
 *
 *   npx tsx scripts/catalog-areas.ts   (writes web/src/locales/areas/, from web/src/locales/<locale>/messages.ts)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { isFeatureIndex, namesOfIndex, resolveSpecifier } from './import-specifier.mjs'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { PROJECT_ROOT } from '../server/paths.ts'

export const WEB_DIR = join(PROJECT_ROOT, 'web')
export const LOCALES = ['fi', 'sv', 'en'] as const
/** The area of the entry: loaded before the first render, and wherever anything else runs. */
export const SHELL_AREA = 'shell'
/** The function that loads an area's catalog with a chunk (web/src/shared/i18n/catalog-loader.ts). */
const WRAPPER = 'withTexts'
const AREA_NAME = /^[a-z][a-z0-9-]*$/

export interface AreaPlan {
  /** Areas in a stable order (the shell first, then by name), each with its text ids, sorted. */
  areas: Array<{ name: string; ids: string[] }>
  /** Why the split would let a screen show a text that is not loaded; empty when it is sound. */
  problems: string[]
}

interface DynamicImport {
  /** The file whose code makes the call. */
  site: string
  target: string
  /** The area named by the enclosing `withTexts`, if any. */
  area: string | undefined
}

interface Graph {
  staticImports: Map<string, string[]>
  dynamicImports: DynamicImport[]
  problems: string[]
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'node_modules' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The area named by the `withTexts('name', ...)` call whose arguments hold `node`, if any. */
function enclosingArea(node: ts.Node, source: ts.SourceFile, problems: string[]): string | undefined {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (!ts.isCallExpression(parent) || !ts.isIdentifier(parent.expression) || parent.expression.text !== WRAPPER) {
      continue
    }
    const [name] = parent.arguments
    const where = `${relative(PROJECT_ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(parent.getStart(source)).line + 1}`
    if (!name || !ts.isStringLiteral(name)) problems.push(`${where}: ${WRAPPER} needs the area's name as a string`)
    else if (!AREA_NAME.test(name.text) || name.text === SHELL_AREA) {
      problems.push(`${where}: "${name.text}" cannot name an area (a lowercase word, not "${SHELL_AREA}")`)
    } else return name.text
    return undefined
  }
  return undefined
}

/**
 * The web app's imports as they load: static imports that stay in the code (not `import type`; an
 * `import { type A }` still loads its module under verbatimModuleSyntax), and every `import()` with its area.
 */
export function importGraph(srcDir: string): Graph {
  const staticImports = new Map<string, string[]>()
  const dynamicImports: DynamicImport[] = []
  const problems: string[] = []
  for (const file of sourceFiles(srcDir)) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind)
    const resolved = (specifier: ts.Expression | undefined): string | undefined => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return undefined
      const target = resolveSpecifier(file, specifier.text)
      return target && /\.tsx?$/.test(target) && existsSync(target) ? target : undefined
    }
    const imports: string[] = []
    const visit = (node: ts.Node): void => {
      let target: string | undefined
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        target = resolved(node.moduleSpecifier)
        // Through a feature's index.ts, only the modules of the names imported load texts: what the bundle keeps.
        const bindings = node.importClause?.namedBindings
        if (target && isFeatureIndex(target) && bindings && ts.isNamedImports(bindings)) {
          const names = namesOfIndex(target)
          for (const element of bindings.elements) {
            const name = names.get((element.propertyName ?? element.name).text)
            if (name && !name.typeOnly && !element.isTypeOnly) imports.push(name.file)
          }
          target = undefined
        }
      } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && !isFeatureIndex(file)) {
        target = resolved(node.moduleSpecifier)
      }
      if (target) imports.push(target)
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const dynamicTarget = resolved(node.arguments[0])
        if (dynamicTarget) {
          dynamicImports.push({ site: file, target: dynamicTarget, area: enclosingArea(node, source, problems) })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    staticImports.set(file, imports)
  }
  return { staticImports, dynamicImports, problems }
}

/** Each text id by the files that define it, from the `#:` origins of a messages.po (paths relative to web/). */
export function idsByFile(poText: string, webDir: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>()
  for (const entry of poText.split(/\n\s*\n/)) {
    const id = /^msgid "(.+)"$/m.exec(entry)?.[1]
    if (!id || /^#~/m.test(entry)) continue
    for (const [, origins] of entry.matchAll(/^#: (.+)$/gm)) {
      for (const origin of origins!.split(' ')) {
        const file = resolve(webDir, origin.replace(/:\d+$/, ''))
        byFile.set(file, [...(byFile.get(file) ?? []), id])
      }
    }
  }
  return byFile
}

/** Splits the texts of `poText` (a messages.po) into areas by the imports of the app under `srcDir`. */
export function planAreas(srcDir: string, entry: string, poText: string, webDir: string): AreaPlan {
  const graph = importGraph(srcDir)
  const problems = [...graph.problems]
  const byFile = idsByFile(poText, webDir)
  const rel = (file: string) => relative(PROJECT_ROOT, file)

  const closures = new Map<string, Set<string>>()
  /** Every file that loads with `file`, itself included. */
  const closure = (file: string): Set<string> => {
    let files = closures.get(file)
    if (files) return files
    files = new Set()
    const stack = [file]
    while (stack.length > 0) {
      const next = stack.pop()!
      if (files.has(next)) continue
      files.add(next)
      stack.push(...(graph.staticImports.get(next) ?? []))
    }
    closures.set(file, files)
    return files
  }
  const idsOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => byFile.get(file) ?? []))

  // An area's code: the files its imports load. The shell's is the entry's.
  const areaFiles = new Map<string, Set<string>>([[SHELL_AREA, closure(entry)]])
  const sitesOf = new Map<string, string[]>([[SHELL_AREA, []]])
  for (const { site, target, area } of graph.dynamicImports) {
    if (!area) continue
    areaFiles.set(area, new Set([...(areaFiles.get(area) ?? []), ...closure(target)]))
    sitesOf.set(area, [...(sitesOf.get(area) ?? []), site])
  }

  // What is surely loaded where a file's code runs: its code came with one of the areas that hold it, so the texts
  // of all of them (with what was loaded before them) are not; only what they have in common is.
  const provided = new Map<string, Set<string>>()
  const resolving = new Set<string>()
  const providedBy = (area: string): Set<string> => {
    const known = provided.get(area)
    if (known) return known
    // An area reached again while its own sites are being resolved (an import circle): count only its own texts.
    if (resolving.has(area)) return idsOf(areaFiles.get(area)!)
    resolving.add(area)
    const all = new Set([...idsOf(areaFiles.get(area)!), ...guaranteedBefore(area)])
    resolving.delete(area)
    provided.set(area, all)
    return all
  }
  const loadedAt = (site: string, except?: string): Set<string> => {
    const holders = [...areaFiles].filter(([area, files]) => area !== except && files.has(site)).map(([area]) => area)
    if (holders.length === 0) return idsOf(areaFiles.get(SHELL_AREA)!)
    const [first, ...rest] = holders.map(providedBy)
    return new Set([...first!].filter((id) => rest.every((set) => set.has(id))))
  }
  const guaranteedBefore = (area: string): Set<string> => {
    const sites = sitesOf.get(area)!
    if (sites.length === 0) return new Set()
    const [first, ...rest] = sites.map((site) => loadedAt(site, area))
    return new Set([...first!].filter((id) => rest.every((set) => set.has(id))))
  }

  for (const { site, target, area } of graph.dynamicImports) {
    if (area) continue
    const loaded = loadedAt(site)
    const missing = [...idsOf(closure(target))].filter((id) => !loaded.has(id))
    if (missing.length > 0) {
      problems.push(
        `${rel(site)}: import('${relative(dirname(site), target)}') loads code with texts that may not be loaded ` +
          `(${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}): wrap it in ${WRAPPER}('<area>', ...)`,
      )
    }
  }

  const names = [SHELL_AREA, ...[...areaFiles.keys()].filter((name) => name !== SHELL_AREA).sort()]
  const areas = names.map((name) => {
    const before = guaranteedBefore(name)
    return { name, ids: [...idsOf(areaFiles.get(name)!)].filter((id) => !before.has(id)).sort() }
  })
  const held = new Set(areas.flatMap((area) => area.ids))
  for (const [file, ids] of byFile) {
    const orphans = ids.filter((id) => !held.has(id))
    if (orphans.length > 0) {
      problems.push(`${rel(file)}: no area holds ${orphans.join(', ')}: nothing the app loads imports this file`)
    }
  }
  return { areas, problems }
}

/** The split of the real app. */
export function planAppAreas(): AreaPlan {
  const srcDir = join(WEB_DIR, 'src')
  const poText = readFileSync(join(srcDir, 'locales', 'en', 'messages.po'), 'utf8')
  return planAreas(srcDir, join(srcDir, 'app', 'main.tsx'), poText, WEB_DIR)
}

/** Where the area catalogs go (gitignored, like Lingui's messages.ts) and the module that loads them. */
export const AREAS_DIR = join(WEB_DIR, 'src', 'locales', 'areas')
export const areaFileName = (area: string, locale: string) => `${area}.${locale}.ts`

/** A compiled catalog as a module, in the shape `lingui compile --typescript` writes. */
function catalogModule(messages: Record<string, unknown>): string {
  return (
    '/*eslint-disable*/import type{Messages}from"@lingui/core";' +
    `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))})as Messages;\n`
  )
}

function indexModule(plan: AreaPlan): string {
  const lines = [
    '/* eslint-disable */',
    '// Written by scripts/catalog-areas.ts (npm run i18n:compile) from the imports of the code: do not edit.',
    "import type { Messages } from '@lingui/core'",
    '',
    `export const TEXT_AREAS = [${plan.areas.map(({ name }) => `'${name}'`).join(', ')}] as const`,
    'export type TextArea = (typeof TEXT_AREAS)[number]',
    '',
    "/** Each language's catalog of each area, a chunk of its own. */",
    'export const AREA_CATALOGS: Record<',
    `  ${LOCALES.map((locale) => `'${locale}'`).join(' | ')},`,
    '  Record<TextArea, () => Promise<{ messages: Messages }>>',
    '> = {',
  ]
  for (const locale of LOCALES) {
    lines.push(`  ${locale}: {`)
    for (const { name, ids } of plan.areas) {
      // An area whose texts are all loaded before it (there can be one) costs no request.
      const load = ids.length > 0 ? `import('./${areaFileName(name, locale)}')` : 'Promise.resolve({ messages: {} })'
      lines.push(`    '${name}': () => ${load},`)
    }
    lines.push('  },')
  }
  lines.push('}', '')
  return lines.join('\n')
}

/** Writes every area's catalog in every language from Lingui's compiled catalogs, and their loader. */
export async function writeAreaCatalogs(plan: AreaPlan): Promise<void> {
  rmSync(AREAS_DIR, { recursive: true, force: true })
  mkdirSync(AREAS_DIR, { recursive: true })
  for (const locale of LOCALES) {
    const compiled = join(WEB_DIR, 'src', 'locales', locale, 'messages.ts')
    const { messages } = (await import(pathToFileURL(compiled).href)) as { messages: Record<string, unknown> }
    for (const { name, ids } of plan.areas) {
      if (ids.length === 0) continue
      const missing = ids.filter((id) => !(id in messages))
      if (missing.length > 0) throw new Error(`${compiled} has no ${missing.join(', ')}: run npm run i18n:extract`)
      const subset = Object.fromEntries(ids.map((id) => [id, messages[id]]))
      writeFileSync(join(AREAS_DIR, areaFileName(name, locale)), catalogModule(subset))
    }
  }
  writeFileSync(join(AREAS_DIR, 'index.ts'), indexModule(plan))
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const plan = planAppAreas()
  if (plan.problems.length > 0) {
    console.error('The catalogs cannot be split by area (docs/adr/0012-catalogs-split-by-area.md):')
    for (const problem of plan.problems) console.error(`- ${problem}`)
    process.exit(1)
  }
  await writeAreaCatalogs(plan)
  console.log(
    `catalogs split into ${plan.areas.length} areas: ${plan.areas.map((a) => `${a.name} ${a.ids.length}`).join(', ')}`,
  )
}
