import type { TransactionSql } from 'postgres'
import { commaList } from '../../db/one-statement.ts'
import type { Queryable } from '../../db/queryable.ts'
import { conflict, forbidden, tooManyRequests } from '../../errors.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { ACTIVE_REQUEST_LIMIT, DAILY_REQUEST_LIMIT, type RequestLocation } from './rules.ts'
import { MOVE_INTERVAL_SECONDS } from './limit-values.ts'
import { helsinkiTodayStart } from '../shared/helsinki-day.ts'
import { deletingConversation } from '../conversation/conversation.ts'
import { suspensionOf } from '../moderation/in-force.ts'
import { erasingPosition, erasePositionsOf } from './position.ts'
import type { RequestCategory } from '../shared/categories.ts'
import { lockForChange, lockRequest, type Viewer } from './requests.ts'
import { allowed, missingFor, notSuspended, refusalOf, visible, type ChangeSteps, type Rule } from './steps.ts'
import { resumingSearch } from './search.ts'

export interface NewRequest extends RequestLocation {
  category: RequestCategory
  description: string
  isTest: boolean
  phoneOnlyToHelper: boolean
}

/*
 * Each change is made in the caller's transaction in two statements (steps.ts), which also announce it to every
 * instance and read the row back for the answer.
 */

/**
 * Creates a request within the owner's limits: 5 created per Helsinki calendar day (deleted ones count) and
 * 2 active at once. The owner's row lock makes parallel creations take turns, so the counts, read after it was
 * granted, cannot race. The lock also takes the new request's id, so that its news can be told in the statement
 * that inserts it.
 */
export function createRequest(owner: Viewer, input: NewRequest): ChangeSteps {
  const me = owner.user_id
  return {
    lock: async (tx) => {
      if (input.isTest && !owner.is_admin) throw forbidden(REQUEST_ERRORS.testOnlyAdmin)
      const [row] = await tx<Array<{ request_id: number; viewer_name: string }>>`
        select nextval(pg_get_serial_sequence('requests', 'request_id'))::int as request_id, me.user_name as viewer_name
        from users me where me.user_id = ${me}
        for no key update
      `
      if (!row) return undefined
      const { location } = input
      return {
        ...row,
        owner_id: me,
        status: 'new',
        responder_id: null,
        category: input.category,
        description: input.description,
        latitude: location?.latitude ?? null,
        longitude: location?.longitude ?? null,
        got_help: null,
        phone_only_to_helper: input.phoneOnlyToHelper,
        // An owner's answer never asks for reach (asksReach).
        viewer_reach_latitude: null,
        viewer_reach_longitude: null,
        viewer_id: me,
        helper_name: null,
      }
    },
    missing: (tx) => missingFor(tx, me),
    told: (locked) => ({
      requestId: locked.request_id,
      previousHelperId: null,
      push: 'created',
      helperAfter: null,
    }),
    rules: (tx) => [
      notSuspended(tx),
      { broken: tx`counts.today >= ${DAILY_REQUEST_LIMIT}`, error: () => tooManyRequests(REQUEST_ERRORS.dailyLimit) },
      { broken: tx`counts.active >= ${ACTIVE_REQUEST_LIMIT}`, error: () => conflict(REQUEST_ERRORS.activeLimit) },
    ],
    statement: (tx, locked, refused) => tx`
      refusal as (
        select ${refused} as refused, null::float8 as refused_retry_after, s.until as refused_until, s.reason as refused_reason
        from (
          select
            count(*) filter (where created_at >= ${helsinkiTodayStart(tx)}) as today,
            count(*) filter (where deleted_at is null and status <> 'completed') as active
          from requests
          where owner_id = ${me}
        ) counts
        left join ${suspensionOf(tx, me)} s on true
      ),
      changed as (
        insert into requests (
          request_id, owner_id, category, description, latitude, longitude, is_approximate, is_test,
          phone_only_to_helper
        )
        overriding system value
        select
          ${locked.request_id}, ${me}, ${input.category}, ${input.description}, ${locked.latitude}::float8,
          ${locked.longitude}::float8, ${input.isApproximate}, ${input.isTest}, ${input.phoneOnlyToHelper}
        where ${allowed(tx)}
        returning *
      )
    `,
  }
}

/** The rules of an owner-only change of an open request (description, location). */
const openOwnRequest = (tx: Queryable, viewer: Viewer): Rule[] => [
  visible(tx, viewer),
  { broken: tx`r.owner_id <> ${viewer.user_id}`, error: () => forbidden(REQUEST_ERRORS.notOwner) },
  { broken: tx`r.status = 'completed'`, error: () => conflict(REQUEST_ERRORS.completed) },
]

/** Locks the request only: no rule of these changes counts the user's rows, and no push stands anyone down. */
const lockRequestOnly = (viewer: Viewer, requestId: number) => (tx: Queryable) =>
  lockForChange(tx, viewer, requestId, { lockUser: false, waves: 'keep' })

export function editDescription(viewer: Viewer, requestId: number, description: string): ChangeSteps {
  return {
    lock: lockRequestOnly(viewer, requestId),
    missing: (tx) => missingFor(tx),
    told: () => ({ requestId, previousHelperId: null, helperAfter: null }),
    rules: (tx) => openOwnRequest(tx, viewer),
    statement: (tx, _locked, refused) => tx`
      ${refusalOf(tx, refused, requestId)},
      changed as (
        update requests set description = ${description}, updated_at = now()
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      )
    `,
  }
}

/**
 * Moves the request; where it was (as locked) is told, for those it no longer reaches. At most one move per
 * MOVE_INTERVAL_SECONDS per request (docs/product.md#limits), checked and recorded in this statement under the
 * request's row lock, so parallel moves take turns and only the first passes.
 */
export function updateLocation(viewer: Viewer, requestId: number, place: RequestLocation): ChangeSteps {
  return {
    lock: lockRequestOnly(viewer, requestId),
    missing: (tx) => missingFor(tx),
    told: (locked) => ({
      requestId,
      previousHelperId: null,
      previousPlace: { latitude: locked.latitude, longitude: locked.longitude },
      helperAfter: null,
    }),
    rules: (tx) => [
      ...openOwnRequest(tx, viewer),
      {
        broken: tx`r.location_moved_at > now() - make_interval(secs => ${MOVE_INTERVAL_SECONDS})`,
        error: (refusal) => {
          const seconds = Math.min(MOVE_INTERVAL_SECONDS, Math.max(1, Math.ceil(refusal.refused_retry_after ?? 0)))
          return tooManyRequests(REQUEST_ERRORS.moveTooSoon, seconds)
        },
      },
    ],
    statement: (tx, _locked, refused) => tx`
      ${refusalOf(tx, refused, requestId, undefined, tx`r.location_moved_at + make_interval(secs => ${MOVE_INTERVAL_SECONDS})`)},
      changed as (
        update requests
        set latitude = ${place.location?.latitude ?? null}::float8, longitude = ${place.location?.longitude ?? null}::float8,
          is_approximate = ${place.isApproximate}, location_moved_at = now(), updated_at = now()
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      )
    `,
  }
}

/** Owner or admin. Soft delete, so it still counts for the daily limit; a running response ends as "deleted". */
export function deleteRequest(viewer: Viewer, requestId: number): ChangeSteps {
  return {
    lock: (tx) => lockForChange(tx, viewer, requestId, { lockUser: false, waves: 'stop' }),
    missing: (tx) => missingFor(tx),
    told: (locked) => ({ requestId, previousHelperId: null, push: 'deleted', helperAfter: locked.responder_id }),
    rules: (tx) => [
      visible(tx, viewer),
      ...(viewer.is_admin
        ? []
        : [{ broken: tx`r.owner_id <> ${viewer.user_id}`, error: () => forbidden(REQUEST_ERRORS.notOwnerOrAdmin) }]),
    ],
    statement: (tx, _locked, refused, counted) => tx`
      ${refusalOf(tx, refused, requestId)},
      ended as (
        update request_responses set ended_at = now(), outcome = 'deleted'
        where request_id = ${requestId} and ended_at is null and ${allowed(tx)}
      ),
      changed as (
        update requests set deleted_at = now(), updated_at = now() ${counted}
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      ),
      -- The row stays (soft delete); what the owner and helper wrote does not.
      ${commaList(tx, deletingConversation(tx, requestId, allowed(tx)))},
      erased as (${erasingPosition(tx, requestId, allowed(tx))})
    `,
  }
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
    update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now()
    where responder_id = ${userId} and status = 'in progress'
    returning request_id
  `
  // Back in the search for a helper (docs/live-and-push.md, "When a helper lets go").
  const releasedIds = released.map((row) => row.request_id)
  if (releasedIds.length > 0) await tx`${resumingSearch(tx, tx`(select unnest(${releasedIds}::int[]))`)}`
  await erasePositionsOf(tx, userId)
  // A tombstone for each, so a client syncing with an older cursor also learns that they are gone.
  const deleted = await tx<{ request_id: number }[]>`
    with gone as (delete from requests where owner_id = ${userId} returning request_id, is_test)
    insert into request_tombstones (request_id, is_test) select request_id, is_test from gone
    returning request_id
  `
  return [...released, ...deleted].map((row) => row.request_id)
}
