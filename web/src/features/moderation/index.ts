/** What other features use of moderation/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { ReportPeople, reportsInConversation } from './ReportPeople.tsx'
export { reasonNames } from './moderation-catalog.ts'
