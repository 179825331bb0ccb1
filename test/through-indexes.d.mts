/** `source` with each `import { ... } from '#features/<name>'` split into imports from the defining modules. */
export function importThroughDefiningModules(source: string): string
