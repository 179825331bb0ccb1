import type { TransactionSql } from 'postgres'
import { conflict, forbidden } from '../../errors.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { ACTIVE_RESPONSE_LIMIT } from './rules.ts'
import { lockRequest, lockUser, type Viewer } from './requests.ts'
import { erasePosition } from './position.ts'
import { recordHelp } from './thanks.ts'
import { blockWithOwner } from '../blocks/blocked-either-way.ts'
import { BLOCK_ERRORS } from '../blocks/errors.ts'

/**
 * "I'm working on it" (new → in progress: docs/product.md#help-requests). The responder's row lock serialises their
 * take-overs (at most 2 running); the request's row lock serialises everyone taking this request (one responder).
 * Nobody takes over the request of someone with a block between them (docs/safety.md, "Blocks").
 */
export async function takeOver(tx: TransactionSql, viewer: Viewer, requestId: number): Promise<void> {
  await lockUser(tx, viewer.user_id)
  // Read under the user's lock, which a block takes too (server/domain/blocks/blocks.ts): no take-over slips past one.
  // Told as such (403), not as a missing request: the helper is left in no doubt why it failed.
  if (await blockWithOwner(tx, viewer.user_id, requestId)) throw forbidden(BLOCK_ERRORS.takeOver)
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id === viewer.user_id) throw forbidden(REQUEST_ERRORS.ownRequest)
  const [earlier] = await tx`
    select 1 from request_responses where request_id = ${requestId} and responder_id = ${viewer.user_id}
  `
  if (earlier) throw conflict(REQUEST_ERRORS.alreadyResponded)
  if (request.status === 'completed') throw conflict(REQUEST_ERRORS.completed)
  if (request.status !== 'new') throw conflict(REQUEST_ERRORS.alreadyHasResponder)
  const [running] = await tx<{ n: number }[]>`
    select count(*)::int as n from request_responses where responder_id = ${viewer.user_id} and ended_at is null
  `
  if (running!.n >= ACTIVE_RESPONSE_LIMIT) throw conflict(REQUEST_ERRORS.responseLimit)
  await tx`insert into request_responses (request_id, responder_id) values (${requestId}, ${viewer.user_id})`
  await tx`
    update requests
    set status = 'in progress', responder_id = ${viewer.user_id}, updated_at = now(),
      -- Only the first take-over counts for the admin's "time to a responder".
      first_responded_at = coalesce(first_responded_at, now())
    where request_id = ${requestId}
  `
}

export type RemovedBy = 'owner' | 'responder'

/**
 * In progress → new: the responder releases it, or the owner removes the responder. Either way that user can
 * never take this request again (their response row stays, ended). Returns who was the responder.
 */
export async function removeResponder(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  removedBy: RemovedBy,
): Promise<number> {
  const request = await lockRequest(tx, viewer, requestId)
  if (removedBy === 'owner' && request.owner_id !== viewer.user_id) throw forbidden(REQUEST_ERRORS.notOwner)
  if (removedBy === 'responder' && request.responder_id !== viewer.user_id) throw forbidden(REQUEST_ERRORS.notResponder)
  if (request.status === 'completed') throw conflict(REQUEST_ERRORS.completed)
  if (request.status !== 'in progress') throw conflict(REQUEST_ERRORS.noResponder)
  await tx`
    update request_responses
    set ended_at = now(), outcome = ${removedBy === 'owner' ? 'removed' : 'released'}
    where request_id = ${requestId} and ended_at is null
  `
  await tx`update requests set status = 'new', responder_id = null, updated_at = now() where request_id = ${requestId}`
  await erasePosition(tx, requestId)
  return request.responder_id!
}

/** Any open status → completed, by the owner or an admin, saying whether help came. Read-only from then on. */
export async function setReady(tx: TransactionSql, viewer: Viewer, requestId: number, gotHelp: boolean): Promise<void> {
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id !== viewer.user_id && !viewer.is_admin) throw forbidden(REQUEST_ERRORS.notOwnerOrAdmin)
  if (request.status === 'completed') throw conflict(REQUEST_ERRORS.completed)
  await tx`
    update request_responses set ended_at = now(), outcome = 'completed'
    where request_id = ${requestId} and ended_at is null
  `
  await tx`
    update requests set status = 'completed', got_help = ${gotHelp}, completed_at = now(), updated_at = now()
    where request_id = ${requestId}
  `
  // The helper's counts, in this transaction: they exist exactly when the completion does.
  await recordHelp(tx, requestId)
  await erasePosition(tx, requestId)
}
