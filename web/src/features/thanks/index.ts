/** What other features use of thanks/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { HelpedCount } from './HelpedCount.tsx'
export { ThanksForm } from './ThanksForm.tsx'
export type { Thanks } from './api.ts'
export { thanksMessages } from './thanks-catalog.ts'
