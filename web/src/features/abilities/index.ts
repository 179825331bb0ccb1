/** What other features use of abilities/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { AbilitiesSection } from './AbilitiesSection.tsx'
export { abilityMessages } from './abilities-catalog.ts'
export { offerAbilities } from './abilities-offer.ts'
