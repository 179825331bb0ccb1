/**
 * A message's rows as the conversation's SQL reads them. Types only, importing nothing above them: the contracts of a
 * change (requests/change-types.ts) name them without conversation.ts, which uses those contracts in turn.
 */

export interface MessageRow {
  message_id: string
  request_id: number
  helper_id: number
  author_id: number
  author_name: string
  text: string
  created_at: Date
}

/** A message as a live event needs it: with the request's owner, to find its two participants. */
export interface ConversationEventRow {
  message: MessageRow
  ownerId: number
}
