import type { ConversationMessage } from './api.ts'

/** Message ids are bigints sent as digit strings: a longer one is newer, equal lengths compare as text. */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

/** What was fetched and what arrived live since, each message once, oldest first. */
export function mergeMessages(
  fetched: readonly ConversationMessage[],
  arrived: readonly ConversationMessage[],
): ConversationMessage[] {
  const byId = new Map<string, ConversationMessage>()
  for (const message of [...fetched, ...arrived]) byId.set(message.message_id, message)
  return [...byId.values()].sort((a, b) => compareIds(a.message_id, b.message_id))
}
