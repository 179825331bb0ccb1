import type { TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts'
import { REQUEST_ERRORS } from '../requests/errors.ts'
import { actRefusal, personAbout, requestRoleOf, type RequestRole } from '../requests/people.ts'
import { findRequest, visibleTo, type Viewer } from '../requests/requests.ts'
import { removeHelper } from '../requests/status.ts'
import { makeUntold } from '../requests/steps.ts'
import { BLOCK_ERRORS } from './errors.ts'
import { blockBetween } from './blocked-either-way.ts'

/**
 * How many people one user may block: far more than anyone needs, and it bounds the block set read with every
 * session's user (blocked_either_way) and carried in every list cursor.
 */
export const BLOCKS_PER_USER = 200

/** A response a block ended: told as the release or removal it is (server/domain/requests/change.ts). */
export interface EndedResponse {
  requestId: number
  previousHelperId: number
  removedBy: RequestRole
}

export interface NewBlock {
  block_id: number
  /** The blocked user's name: the blocker knew it from the request. Never their id or phone. */
  user_name: string
  ended: EndedResponse[]
  /** The blocked user: the caller tells both users' instances that their block sets changed. */
  blockedId: number
}

/** What each refusal of the rule is to a block. */
const REFUSED = {
  self: () => badRequest(BLOCK_ERRORS.self),
  notOwner: () => forbidden(BLOCK_ERRORS.notOwner),
  noHelper: () => conflict(BLOCK_ERRORS.noHelper),
} as const

/**
 * Blocks the person `about` names on a request the viewer can see (docs/safety.md, "Blocks"; else 404, as its detail
 * answers), whom the one rule of reports and blocks allows (server/domain/requests/people.ts, actRefusal): its owner
 * (anyone but the owner), or its current or most recent helper (the owner and admins). Both users' rows are locked
 * first, as a
 * take-over locks its helper's: a take-over between the two either commits before the block, and is ended by it,
 * or waits and sees the block. Every running response between them ends, as a final removal (whoever of the two
 * took it over can never take that request again). Blocking someone already blocked answers that block again.
 */
export async function blockFromRequest(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  aboutWord: string,
): Promise<NewBlock> {
  const about = requestRoleOf(aboutWord, BLOCK_ERRORS.invalidAbout)
  // The detail's visibility rule first (visibleTo): a request the viewer cannot open (deleted, a test request, one
  // of a user with a block between them, an open one of a suspended owner) is 404 as there, whatever `about` says,
  // so that neither the answer nor a stored block tells anything about its people.
  const request = await findRequest(tx, viewer, requestId)
  const refusal = actRefusal(viewer, request, about)
  if (refusal !== null) throw REFUSED[refusal]()
  const { user_id: personId, user_name: userName } = personAbout(request, about)!
  const own = request.owner_id === viewer.user_id

  await tx`
    select 1 from users where user_id in (${viewer.user_id}, ${personId}) order by user_id for no key update
  `
  // Again once both rows are locked: a suspension of the owner (which holds their row lock) committed while this
  // call waited is seen now, as a take-over sees it (docs/security.md, "A suspension holds under races").
  const [stillVisible] = await tx`
    select 1 from requests r where r.request_id = ${requestId} and ${visibleTo(tx, viewer)}
  `
  if (!stillVisible) throw notFound(REQUEST_ERRORS.notFound)
  const [existing] = await tx<{ block_id: number }[]>`
    select block_id from blocks where blocker_id = ${viewer.user_id} and blocked_id = ${personId}
  `
  if (existing) return { block_id: existing.block_id, user_name: userName, ended: [], blockedId: personId }
  // The owner blocked the viewer already: to the viewer, the owner's requests do not exist (visibleTo).
  if (!own && !viewer.is_admin && (await blockBetween(tx, viewer.user_id, personId))) {
    throw notFound(REQUEST_ERRORS.notFound)
  }
  const [{ n } = { n: 0 }] = await tx<{ n: number }[]>`
    select count(*)::int as n from blocks where blocker_id = ${viewer.user_id}
  `
  if (n >= BLOCKS_PER_USER) throw conflict(BLOCK_ERRORS.limit)

  // Ended before the block exists: removeHelper checks the viewer may still see the request.
  const ended = await endResponsesBetween(tx, viewer, personId)
  const [block] = await tx<{ block_id: number }[]>`
    insert into blocks (blocker_id, blocked_id, request_id)
    values (${viewer.user_id}, ${personId}, ${requestId})
    returning block_id
  `
  return { block_id: block!.block_id, user_name: userName, ended, blockedId: personId }
}

/** Every running response between the viewer and the other user, either way round, ended by the viewer. */
async function endResponsesBetween(tx: TransactionSql, viewer: Viewer, otherId: number): Promise<EndedResponse[]> {
  const running = await tx<{ request_id: number; owner_id: number }[]>`
    select request_id, owner_id from requests
    where status = 'in progress' and deleted_at is null
      and ((owner_id = ${viewer.user_id} and responder_id = ${otherId})
        or (owner_id = ${otherId} and responder_id = ${viewer.user_id}))
    order by request_id
  `
  const ended: EndedResponse[] = []
  for (const { request_id: requestId, owner_id: ownerId } of running) {
    const removedBy: RequestRole = ownerId === viewer.user_id ? 'owner' : 'responder'
    const previousHelperId = (await makeUntold(tx, removeHelper(viewer, requestId, removedBy))).responder_id!
    ended.push({ requestId, previousHelperId, removedBy })
  }
  return ended
}

export interface BlockRow {
  block_id: number
  user_name: string
  created_at: Date
}

/** The blocks the user made, newest first (the blocks made against them are never listed: docs/safety.md). */
export async function blocksBy(sql: Queryable, userId: number): Promise<BlockRow[]> {
  return sql<BlockRow[]>`
    select b.block_id, u.user_name, b.created_at
    from blocks b join users u on u.user_id = b.blocked_id
    where b.blocker_id = ${userId}
    order by b.created_at desc, b.block_id desc
  `
}

/**
 * Lifts one of the user's own blocks; answers whom it blocked. Anyone else's block, or one that does not exist,
 * is 404 alike: whether a block id exists is nobody else's business.
 */
export async function liftBlock(sql: Queryable, userId: number, blockId: number): Promise<number> {
  const [lifted] = await sql<{ blocked_id: number }[]>`
    delete from blocks where block_id = ${blockId} and blocker_id = ${userId} returning blocked_id
  `
  if (!lifted) throw notFound(BLOCK_ERRORS.notFound)
  return lifted.blocked_id
}
