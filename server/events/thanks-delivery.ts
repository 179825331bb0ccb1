import type { Queryable } from '../db/queryable.ts'
import { thanksJson, thanksOf } from '../domain/requests/thanks.ts'
import type { ThanksNews } from './bus.ts'
import type { ConversationSockets } from './conversation-delivery.ts'
import type { ThanksRow } from '../domain/requests/rows.ts'

/**
 * Tells a thank-you to the sockets of the helper it thanks on this instance, and nobody else (the owner's own
 * devices have the answer of their POST). Its push goes regardless: a thank-you is worth keeping on the phone.
 */
export async function deliverThanks(
  sockets: Pick<ConversationSockets, 'sendToUsers'>,
  sql: Queryable,
  news: ThanksNews,
  row?: ThanksRow,
): Promise<void> {
  // Read once per instance by its primary key, unless the sending instance hands the row over.
  row ??= await thanksOf(sql, news.requestId)
  if (!row) return
  sockets.sendToUsers([row.helper_id], { type: 'thanks.received', thanks: thanksJson(row) })
}
