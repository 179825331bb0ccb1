/** What other features use of emergency/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { EmergencyLine } from './EmergencyLine.tsx'
export { NotAnEmergencyService } from './NotAnEmergencyService.tsx'
