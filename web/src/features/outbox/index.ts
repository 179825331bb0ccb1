/** What other features use of outbox/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { OfflineRequestHint } from './OfflineRequestHint.tsx'
export { PendingMessages } from './PendingMessages.tsx'
export { PendingRequests } from './PendingRequests.tsx'
export { PendingThanks } from './PendingThanks.tsx'
export { SmsFallback } from './SmsFallback.tsx'
export { outboxMessages } from './outbox-catalog.ts'
export { outboxPath } from './outbox-item.ts'
export { selectLandedMessageIds, selectOutbox } from './slice.ts'
