/** What other features use of pwa/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { isRunningOnIos, isStandalone } from './install/platform.ts'
export { offerAlerts } from './push/alerts-offer.ts'
export { sendPracticeAlert } from './push/api.ts'
export { type PushState, readPushStatus, turnPushOff, turnPushOn } from './push/browser-push.ts'
export { pwaMessages } from './pwa-catalog.ts'
