import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { forbidden, tooManyRequests } from '../../errors.ts'
import { POSITION_ERRORS } from './errors.ts'
import { lockRequest, type LockedRequest, type Viewer } from './requests.ts'
import type { Location } from '../accounts/rules.ts'
import type { Transactions } from '../shared/unit-of-work.ts'
import type { PositionEventRow, SharedPosition } from './rows.ts'

/** One update per response in any 5 s: a live dot needs no more, and a phone's battery and the server less. */
export const POSITION_INTERVAL_SECONDS = 5

const isCurrentHelper = (request: LockedRequest, viewer: Viewer) =>
  request.status === 'in progress' && request.responder_id === viewer.user_id

async function lockOwnResponse(tx: TransactionSql, viewer: Viewer, requestId: number): Promise<LockedRequest> {
  // Shared: updates on one request do not queue behind each other, but a release (for update) waits for them and
  // they for it, so no position is written for a response that has just ended.
  const request = await lockRequest(tx, viewer, requestId, 'share')
  if (!isCurrentHelper(request, viewer)) throw forbidden(POSITION_ERRORS.notHelper)
  return request
}

/**
 * Stores the helper's position unless the stored one is younger than the interval: one conditional upsert, so
 * of a parallel burst exactly one gets through (the others find the row it wrote, too young), answered 429.
 */
async function storePosition(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  location: Location,
): Promise<PositionEventRow> {
  const request = await lockOwnResponse(tx, viewer, requestId)
  const [stored] = await tx<{ shared_at: Date }[]>`
    insert into responder_positions as p (request_id, responder_id, latitude, longitude)
    values (${requestId}, ${viewer.user_id}, ${location.latitude}, ${location.longitude})
    on conflict (request_id) do update
      set responder_id = excluded.responder_id, latitude = excluded.latitude, longitude = excluded.longitude,
        shared_at = now()
      where p.shared_at <= now() - make_interval(secs => ${POSITION_INTERVAL_SECONDS})
        or p.responder_id <> excluded.responder_id
    returning shared_at
  `
  if (!stored) {
    const [wait] = await tx<{ seconds: number }[]>`
      select extract(epoch from shared_at + make_interval(secs => ${POSITION_INTERVAL_SECONDS}) - now())::float8
        as seconds
      from responder_positions where request_id = ${requestId}
    `
    throw tooManyRequests(POSITION_ERRORS.tooOften, wait?.seconds ?? POSITION_INTERVAL_SECONDS)
  }
  return { requestId, ownerId: request.owner_id, position: { ...location, at: stored.shared_at } }
}

/**
 * Stops sharing: the coordinates go, the time of the last update stays (it still bounds the next one, so stopping
 * and starting cannot get around the limit). Answers the event to tell, or null when nothing was shared.
 */
async function erasePosition(tx: TransactionSql, viewer: Viewer, requestId: number): Promise<PositionEventRow | null> {
  const request = await lockOwnResponse(tx, viewer, requestId)
  const stopped = await tx`
    update responder_positions set latitude = null, longitude = null
    where request_id = ${requestId} and latitude is not null
    returning 1
  `
  return stopped.length > 0 ? { requestId, ownerId: request.owner_id, position: null } : null
}

/** The unit of work of a shared position: stored, and the owner told live (`responder.position`) at the commit. */
export async function sharePosition(
  events: Transactions,
  viewer: Viewer,
  requestId: number,
  location: Location,
): Promise<PositionEventRow> {
  return events.transaction(async (tx, announce) => {
    const stored = await storePosition(tx, viewer, requestId, location)
    await announce.position(stored.requestId, stored)
    return stored
  })
}

/** The unit of work of stopping: erased, and the owner told (`responder.position` with null) if anything was shared. */
export async function stopSharing(events: Transactions, viewer: Viewer, requestId: number): Promise<void> {
  await events.transaction(async (tx, announce) => {
    const stopped = await erasePosition(tx, viewer, requestId)
    if (stopped) await announce.position(stopped.requestId, stopped)
  })
}

/** The latest shared position, for the owner and the current helper; null when none is shared. */
export async function readPosition(sql: Sql, viewer: Viewer, requestId: number): Promise<SharedPosition | null> {
  return sql.begin(async (tx) => {
    const request = await lockRequest(tx, viewer, requestId, 'share')
    if (request.owner_id !== viewer.user_id && !isCurrentHelper(request, viewer))
      throw forbidden(POSITION_ERRORS.notViewer)
    return (await currentPosition(tx, requestId))?.position ?? null
  })
}

/**
 * The position to tell the owner now: null when none is shared (stopped, the response ended, the request deleted).
 * Undefined when the request is gone with its owner's account: nobody to tell.
 */
export async function currentPosition(sql: Queryable, requestId: number): Promise<PositionEventRow | undefined> {
  const [row] = await sql<
    { owner_id: number; latitude: number | null; longitude: number | null; shared_at: Date | null }[]
  >`
    select r.owner_id, p.latitude, p.longitude, p.shared_at
    from requests r
    left join responder_positions p
      on p.request_id = r.request_id and p.latitude is not null
        and r.status = 'in progress' and r.deleted_at is null and p.responder_id = r.responder_id
    where r.request_id = ${requestId}
  `
  if (!row) return undefined
  const position =
    row.latitude === null || row.longitude === null || row.shared_at === null
      ? null
      : { latitude: row.latitude, longitude: row.longitude, at: row.shared_at }
  return { requestId, ownerId: row.owner_id, position }
}

/**
 * SQL for a CTE of a change's statement: the response ended (release, removal, completion, deletion), and its
 * position goes with it, in the same statement, `when` the change is made (not refused).
 */
export const erasingPosition = (sql: Queryable, requestId: number, when: PendingQuery<Row[]>) =>
  sql`delete from responder_positions where request_id = ${requestId} and ${when}`

/** A deleted account's shared positions go with it (the cascade would take them too; said here, where it happens). */
export async function erasePositionsOf(sql: Queryable, userId: number): Promise<void> {
  await sql`delete from responder_positions where responder_id = ${userId}`
}
