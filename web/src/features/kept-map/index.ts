/** What other features use of kept-map/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { KeptMapSection, useKeeper } from './KeptMapSection.tsx'
export { formatSize as formatKeptSize } from './format.ts'
export { keptMapMessages } from './kept-map-catalog.ts'
