import type { Queryable } from '../db/queryable.ts'
import { currentPosition } from '../domain/requests/position.ts'
import type { ServerEvent } from '../schemas/events.ts'
import type { PositionNews } from './bus.ts'
import type { PositionEventRow } from '../domain/requests/rows.ts'

/** What of the hub delivering a position needs. */
export interface PositionSockets {
  hasSockets(userId: number): boolean
  sendToUsers(userIds: readonly number[], event: ServerEvent): void
}

/** The live event of a position: its coordinates and time, or null when sharing stopped or the response ended. */
export function positionEvent(row: PositionEventRow): ServerEvent {
  const { position } = row
  return {
    type: 'responder.position',
    request_id: row.requestId,
    position: position && { latitude: position.latitude, longitude: position.longitude, at: position.at.toISOString() },
  }
}

/**
 * Tells the request's owner, and nobody else, where its helper is now. The sending instance hands the row over; the
 * others read the current one once (by its primary key), which is the newest whatever order the news came in.
 */
export async function deliverPosition(
  sockets: PositionSockets,
  sql: Queryable,
  news: PositionNews,
  row?: PositionEventRow,
): Promise<void> {
  if (row && !sockets.hasSockets(row.ownerId)) return
  row ??= await currentPosition(sql, news.requestId)
  if (row) sockets.sendToUsers([row.ownerId], positionEvent(row))
}
