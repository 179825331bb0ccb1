/** What other features use of blocks/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { BlockAction } from './BlockAction.tsx'
export { BlockedPeopleSection } from './BlockedPeopleSection.tsx'
export { blockMessages } from './blocks-catalog.ts'
