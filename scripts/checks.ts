/**
 * The static checks that come before the tests: the five TypeScript projects, ESLint, the import-cycle check and,
 * with --format, Prettier; with --build, the build too (the bundles, then the single binary), which needs nothing the
 * checks make. They are independent, so they run side by side, as many at a time as the machine has cores, after the
 * Lingui catalogs are compiled (scripts/check-list.ts). `npm run test:fast` starts with this, and `npm test` runs
 * the same checks beside its tests (scripts/test.ts); the single checks stay runnable alone (`npm run typecheck`,
 * `npm run lint`, `npm run format:check`).
 */
import { availableParallelism } from 'node:os'
import { BUILD, checks, compileCatalogs, TYPE_CHECKS } from './check-list.ts'
import { runAll } from './side-by-side.ts'

if (!(await compileCatalogs())) process.exit(1)
// `--types`: the type checks alone (`npm run typecheck`). `--build`: BUILD beside them.
const flag = (name: string) => process.argv.includes(name)
const list = flag('--types') ? TYPE_CHECKS : checks(flag('--format'))
const lanes = [runAll(list, availableParallelism()), flag('--build') ? runAll([BUILD], 1) : Promise.resolve([])]
const outcomes = (await Promise.all(lanes)).flat()
const failed = outcomes.filter((outcome) => outcome.code !== 0)
if (failed.length > 0) {
  console.error(`checks: ${failed.map((outcome) => outcome.check.name).join(', ')} failed`)
  process.exit(1)
}
