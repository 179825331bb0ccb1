export const PROJECT_ROOT: string
/** The absolute path `specifier` names when imported from `fromFile`, or undefined for a package. */
export function resolveSpecifier(fromFile: string, specifier: string): string | undefined
/** Whether `file` is a feature's index.ts, which only re-exports. */
export function isFeatureIndex(file: string): boolean
/** Each name a feature's index.ts re-exports, with the file that defines it. */
export function namesOfIndex(index: string): Map<string, { file: string; typeOnly: boolean }>
