import type { TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { conflict, forbidden, tooManyRequests } from '../../errors.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { ACTIVE_REQUEST_LIMIT, DAILY_REQUEST_LIMIT, type RequestLocation } from './rules.ts'
import { helsinkiTodayStart } from '../shared/helsinki-day.ts'
import { deleteConversation } from '../conversation/conversation.ts'
import { erasePosition, erasePositionsOf } from './position.ts'
import type { RequestCategory } from '../shared/categories.ts'
import type { Place } from './reach.ts'
import { lockRequest, lockUser, type LockedRequest, type Viewer } from './requests.ts'

export interface NewRequest extends RequestLocation {
  category: RequestCategory
  description: string
  isTest: boolean
  phoneOnlyToHelper: boolean
}

/*
 * Each change runs in the caller's transaction (typed so: its row locks would mean nothing outside one), which also
 * announces it to every instance and reads the row back for the answer.
 */

/**
 * Creates a request within the owner's limits: 5 created per Helsinki calendar day (deleted ones count) and
 * 2 active at once. The owner's row lock makes parallel creations take turns, so the counts cannot race.
 */
export async function createRequest(tx: TransactionSql, owner: Viewer, input: NewRequest): Promise<number> {
  if (input.isTest && !owner.is_admin) throw forbidden(REQUEST_ERRORS.testOnlyAdmin)
  await lockUser(tx, owner.user_id)
  const [counts] = await tx<{ today: number; active: number }[]>`
    select
      count(*) filter (where created_at >= ${helsinkiTodayStart(tx)})::int as today,
      count(*) filter (where deleted_at is null and status <> 'completed')::int as active
    from requests
    where owner_id = ${owner.user_id}
  `
  if (counts!.today >= DAILY_REQUEST_LIMIT) throw tooManyRequests(REQUEST_ERRORS.dailyLimit)
  if (counts!.active >= ACTIVE_REQUEST_LIMIT) throw conflict(REQUEST_ERRORS.activeLimit)
  const [row] = await tx<{ request_id: number }[]>`
    insert into requests (
      owner_id, category, description, latitude, longitude, is_approximate, is_test, phone_only_to_helper
    )
    values (
      ${owner.user_id}, ${input.category}, ${input.description},
      ${input.location?.latitude ?? null}, ${input.location?.longitude ?? null}, ${input.isApproximate}, ${input.isTest},
      ${input.phoneOnlyToHelper}
    )
    returning request_id
  `
  return row!.request_id
}

/** Owner-only changes of an open request (description, location). */
async function lockOpenOwnRequest(tx: Queryable, viewer: Viewer, requestId: number): Promise<LockedRequest> {
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id !== viewer.user_id) throw forbidden(REQUEST_ERRORS.notOwner)
  if (request.status === 'completed') throw conflict(REQUEST_ERRORS.completed)
  return request
}

export async function editDescription(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  description: string,
): Promise<void> {
  await lockOpenOwnRequest(tx, viewer, requestId)
  await tx`update requests set description = ${description}, updated_at = now() where request_id = ${requestId}`
}

export async function updateLocation(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  place: RequestLocation,
): Promise<Place> {
  await lockOpenOwnRequest(tx, viewer, requestId)
  // `old` is the row as this statement found it: where the request was, for those it no longer reaches.
  const [previous] = await tx<Place[]>`
    update requests r
    set latitude = ${place.location?.latitude ?? null}, longitude = ${place.location?.longitude ?? null},
        is_approximate = ${place.isApproximate}, updated_at = now()
    from requests old
    where r.request_id = ${requestId} and old.request_id = r.request_id
    returning old.latitude, old.longitude
  `
  return previous!
}

/** Owner or admin. Soft delete, so it still counts for the daily limit; a running response ends as "deleted". */
export async function deleteRequest(tx: TransactionSql, viewer: Viewer, requestId: number): Promise<void> {
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id !== viewer.user_id && !viewer.is_admin) throw forbidden(REQUEST_ERRORS.notOwnerOrAdmin)
  await tx`update request_responses set ended_at = now(), outcome = 'deleted' where request_id = ${requestId} and ended_at is null`
  await tx`update requests set deleted_at = now(), updated_at = now() where request_id = ${requestId}`
  // The row stays (soft delete); what the owner and helper wrote does not.
  await deleteConversation(tx, requestId)
  await erasePosition(tx, requestId)
}

/** Counts a viewer once per request; the owner's own views never count. Answers whether the count changed. */
export async function addView(tx: TransactionSql, viewer: Viewer, requestId: number): Promise<boolean> {
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id === viewer.user_id) return false
  const inserted = await tx`
    insert into request_views (request_id, viewer_id) values (${requestId}, ${viewer.user_id})
    on conflict do nothing
    returning request_id
  `
  if (inserted.length === 0) return false
  await tx`update requests set views = views + 1 where request_id = ${requestId}`
  return true
}

/**
 * Account deletion: the user's requests go, and any request they were working on goes back to new.
 * Runs inside the account deletion's transaction; answers the ids of every request it changed.
 */
export async function releaseForDeletedUser(tx: Queryable, userId: number): Promise<number[]> {
  const released = await tx<{ request_id: number }[]>`
    update requests set status = 'new', responder_id = null, updated_at = now()
    where responder_id = ${userId} and status = 'in progress'
    returning request_id
  `
  await erasePositionsOf(tx, userId)
  // A tombstone for each, so a client syncing with an older cursor also learns that they are gone.
  const deleted = await tx<{ request_id: number }[]>`
    with gone as (delete from requests where owner_id = ${userId} returning request_id, is_test)
    insert into request_tombstones (request_id, is_test) select request_id, is_test from gone
    returning request_id
  `
  return [...released, ...deleted].map((row) => row.request_id)
}
