/** What other features use of safety/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { SafetyCard } from './SafetyCard.tsx'
export { SafetyPoints } from './SafetyPoints.tsx'
export { markSafetyCardSeen } from './safety-card.ts'
export { safetyMessages } from './safety-catalog.ts'
