/**
 * `npm run lint` runs this: fails when modules import each other in a circle at run time (docs/architecture.md, "What
 * may depend on what"). With `--types` it also fails on a circle of any imports, `import type` included: the layers
 * hold at the level of types too, so a module can be read (and moved) without the ones above it. `--types=server`
 * (folders separated by commas, e.g. `--types=server,web/src`) fails only on such circles with a module in those
 * folders; `npm run lint` checks every folder. A circle is ESM's trap: whichever module loads first sees the
 * other's exports still unset.
 * Only what is loaded counts: `import type` and `export type` are erased, and so is a dynamic `import()` until it
 * runs; an `import { type A }` is not (verbatimModuleSyntax keeps it as `import {}`, which loads the module). Parsed
 * without type checking: a few seconds, most of them starting tsx.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { isFeatureIndex, namesOfIndex, resolveSpecifier } from './import-specifier.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const FOLDERS = ['server', 'web/src', 'scripts', 'bench', 'test']
const SKIPPED = new Set(['node_modules', 'dist', 'locales'])

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The project files a module loads when it is loaded itself (`types`: and those it only takes types from). */
function imports(file: string, types: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const found: string[] = []
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined
    if (ts.isImportDeclaration(statement) && (types || !statement.importClause?.isTypeOnly))
      specifier = statement.moduleSpecifier
    if (ts.isExportDeclaration(statement) && (types || !statement.isTypeOnly)) specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier)) continue
    const target = resolveSpecifier(file, specifier.text)
    if (!target || !existsSync(target)) continue
    // Through a feature's index.ts, a module loads only what it names (docs/architecture.md, "The app's layers").
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined
    if (isFeatureIndex(target) && bindings && ts.isNamedImports(bindings)) {
      const names = namesOfIndex(target)
      for (const element of bindings.elements) {
        const name = names.get((element.propertyName ?? element.name).text)
        if (name && (types || (!name.typeOnly && !element.isTypeOnly))) found.push(name.file)
      }
    } else if (!isFeatureIndex(file)) found.push(target)
  }
  return found
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))

/**
 * Tarjan's strongly connected components: every component of more than one module (or a module importing itself)
 * is a cycle.
 */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let counter = 0
  function visit(file: string): void {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component)
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return cycles
}

function report(cycles: string[][], heading: string): void {
  console.error(heading)
  for (const cycle of cycles)
    console.error(
      `- ${cycle.length} modules: ${cycle
        .map((file) => relative(ROOT, file))
        .sort()
        .join(', ')}`,
    )
}

const runtimeCycles = cyclesOf(new Map(files.map((file) => [file, imports(file, false)])))
if (runtimeCycles.length > 0) {
  report(
    runtimeCycles,
    'Modules that import each other at run time (break the circle, or make an import `import type`):',
  )
  process.exit(1)
}
console.log(`No runtime import cycles among ${files.length} modules.`)

/** The folders `--types` holds to no circle of type imports either: all with `--types`, some with `--types=a,b`. */
function typeFolders(): string[] | null {
  const option = process.argv.find((argument) => argument === '--types' || argument.startsWith('--types='))
  if (option === undefined) return null
  if (option === '--types') return FOLDERS
  const folders = option.slice('--types='.length).split(',')
  const unknown = folders.filter((folder) => !FOLDERS.includes(folder))
  if (unknown.length > 0) {
    console.error(
      `--types names folders this check does not read: ${unknown.join(', ')} (it reads ${FOLDERS.join(', ')})`,
    )
    process.exit(2)
  }
  return folders
}

const checkedFolders = typeFolders()
if (checkedFolders) {
  const inChecked = (file: string) =>
    checkedFolders.some((folder) => relative(join(ROOT, folder), file).split(sep)[0] !== '..')
  const typeCycles = cyclesOf(new Map(files.map((file) => [file, imports(file, true)]))).filter((cycle) =>
    cycle.some(inChecked),
  )
  const where = checkedFolders === FOLDERS ? '' : ` in ${checkedFolders.join(', ')}`
  if (typeCycles.length > 0) {
    report(
      typeCycles,
      `Modules${where} that import each other, types included (move the shared types to the lower layer):`,
    )
    process.exit(1)
  }
  console.log(`No import cycles${where} among ${files.length} modules, types included.`)
}
