/** What other features use of admin/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { adminMessages } from './admin-catalog.ts'
