/** What other features use of position-sharing/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { SharingBadge } from './SharingBadge.tsx'
export { positionMessages } from './position-catalog.ts'
