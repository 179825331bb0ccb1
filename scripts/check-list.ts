/**
 * The static checks and the build that come before the tests (run side by side: scripts/side-by-side.ts).
 * `scripts/checks.ts` (`npm run checks`, `npm run typecheck`) and `scripts/test.ts` (`npm test`) run them.
 */
import { join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'
import { run, type Check } from './side-by-side.ts'

export const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name)

/**
 * TypeScript 7, the native compiler, checks the types: about a fifth of 5.9's CPU for the same five projects and the
 * same errors (docs/adr/0019-tooling-kept-and-why.md). typescript-eslint still needs the JavaScript compiler (5.9,
 * the `typescript` package); both install, so the command names its package rather than `node_modules/.bin/tsc`.
 */
const TSC = join(PROJECT_ROOT, 'node_modules', 'typescript7', 'bin', 'tsc')
const tsc = (project: string): Check => ({ name: `tsc ${project}`, command: TSC, args: ['-p', project] })

export const TYPE_CHECKS = [
  tsc('tsconfig.json'),
  tsc('web/tsconfig.app.json'),
  tsc('web/tsconfig.node.json'),
  tsc('web/tsconfig.sw.json'),
  tsc('test/component/tsconfig.json'),
]

/**
 * Longest first, so the last one to start is a short one. ESLint takes longer than the rest together (its
 * type-aware rules build the programs again, with the JavaScript compiler); it runs in parts, as `npm run lint` does,
 * so that no process holds every program at once (scripts/eslint-in-parts.ts).
 */
export function checks(withFormat: boolean): Check[] {
  return [
    { name: 'eslint', command: bin('tsx'), args: ['scripts/eslint-in-parts.ts'] },
    ...(withFormat ? [{ name: 'prettier', command: bin('prettier'), args: ['--check', '.'] }] : []),
    ...TYPE_CHECKS,
    { name: 'import cycles', command: bin('tsx'), args: ['scripts/check-import-cycles.ts', '--types'] },
  ]
}

/**
 * `npm test`'s build (`npm run build` without its catalog compile, done first): the bundles, then the single binary
 * that packs them. It runs in a lane of its own beside the checks (docs/testing.md): the bundles take half a minute
 * of CPU, and the binary's build is mostly writing a 165 MB file, which a core busy with ESLint hardly notices. Built
 * here, the binary's test (test/built/binary.test.ts) finds it current instead of building it during the tests.
 */
export const BUILD: Check = {
  name: 'build',
  command: 'sh',
  args: ['-c', 'npm run -s build:bundles && npm run -s build:binary'],
}

/** The Lingui catalogs, compiled before anything else: the web projects and the build import them. */
export async function compileCatalogs(): Promise<boolean> {
  const compiled = await run({ name: 'lingui compile', command: 'npm', args: ['run', '-s', 'i18n:compile'] })
  if (compiled.code !== 0) console.error(compiled.output)
  return compiled.code === 0
}
