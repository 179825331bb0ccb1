/** What other features use of conversation/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { MessageList } from './MessageList.tsx'
export { RequestUnreadBadge } from './UnreadBadge.tsx'
export { type ConversationMessage, fetchConversation } from './api.ts'
export { conversationMessages } from './conversation-catalog.ts'
export { selectThanksArrived } from './slice.ts'
