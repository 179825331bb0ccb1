import { commaList } from '../../db/one-statement.ts'
import { conflict, forbidden, notFound, tooManyRequests } from '../../errors.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { endsAsLetGo, letGoPauseMessage, takeOverPausedUntil } from './let-go.ts'
import { resumingSearch } from './search.ts'
import { ACTIVE_RESPONSE_LIMIT } from './rules.ts'
import { lockForChange, type Viewer } from './requests.ts'
import type { RequestRole } from './people.ts'
import { erasingPosition } from './position.ts'
import { snappedHelperDistanceKm } from './helper-distance.ts'
import { recordingHelp } from './thanks.ts'
import { allowed, missingFor, notSuspended, refusalOf, visible, type ChangeSteps } from './steps.ts'
import { blockWithOwner } from '../blocks/blocked-either-way.ts'
import { BLOCK_ERRORS } from '../blocks/errors.ts'
import { suspendedNow } from '../moderation/in-force.ts'

/*
 * The changes of a request's status, each as its two statements (steps.ts): the locks, then the rules, checked in
 * the order below, with the write.
 */

/**
 * "I'm working on it" (new → in progress: docs/product.md#help-requests). The helper's row lock serialises their
 * take-overs (at most 2 running); the request's row lock serialises everyone taking this request (one helper).
 * Nobody takes over the request of someone with a block between them (docs/safety.md, "Blocks"): a block takes the
 * user's lock too (server/domain/blocks/blocks.ts), so the rules, read after this lock was granted, see every block
 * made before, and told as such (403), not as a missing request: the helper is left in no doubt why it failed. A
 * suspension of the owner that hid the request meanwhile is seen the same way (404).
 */
export function takeOver(viewer: Viewer, requestId: number): ChangeSteps {
  const me = viewer.user_id
  return {
    lock: (tx) => lockForChange(tx, viewer, requestId, { lockUser: true, waves: 'pause' }),
    missing: (tx) => missingFor(tx, me),
    told: () => ({ requestId, previousHelperId: null, push: 'taken', helperAfter: me }),
    rules: (tx) => [
      notSuspended(tx),
      { broken: blockWithOwner(tx, me), error: () => forbidden(BLOCK_ERRORS.takeOver) },
      visible(tx, viewer),
      ...(viewer.is_admin
        ? []
        : [{ broken: suspendedNow(tx, 'r.owner_id'), error: () => notFound(REQUEST_ERRORS.notFound) }]),
      { broken: tx`r.owner_id = ${me}`, error: () => forbidden(REQUEST_ERRORS.ownRequest) },
      {
        broken: tx`exists (select 1 from request_responses where request_id = ${requestId} and responder_id = ${me})`,
        error: () => conflict(REQUEST_ERRORS.alreadyResponded),
      },
      { broken: tx`r.status = 'completed'`, error: () => conflict(REQUEST_ERRORS.completed) },
      { broken: tx`r.status <> 'new'`, error: () => conflict(REQUEST_ERRORS.alreadyHasHelper) },
      {
        broken: tx`(
          select count(*) from request_responses where responder_id = ${me} and ended_at is null
        ) >= ${ACTIVE_RESPONSE_LIMIT}`,
        error: () => conflict(REQUEST_ERRORS.responseLimit),
      },
      {
        broken: tx`${takeOverPausedUntil(tx, me)} is not null`,
        error: (refusal) => letGoPause(refusal.refused_retry_after ?? null),
      },
    ],
    statement: (tx, _locked, refused, counted) => tx`
      ${refusalOf(tx, refused, requestId, me, takeOverPausedUntil(tx, me))},
      response as (
        insert into request_responses (request_id, responder_id) select ${requestId}, ${me} where ${allowed(tx)}
      ),
      changed as (
        update requests
        set status = 'in progress', responder_id = ${me}, updated_at = now(),
          -- Told to the owner from now on, whatever either of them does next (helper-distance.ts).
          responder_distance_km = ${snappedHelperDistanceKm(tx, me, tx`requests.latitude`, tx`requests.longitude`)},
          -- Only the first take-over counts for the admin's "time to a helper".
          first_responded_at = coalesce(first_responded_at, now()) ${counted}
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      )
    `,
  }
}

/**
 * In progress → new: the helper releases it, or the owner removes the helper. Either way that user can
 * never take this request again (their response row stays, ended), and their shared position goes. Within 30
 * minutes of the take-over it is the helper's let-go (let-go.ts), and the search goes on: the request's paused wave
 * row falls due now (docs/live-and-push.md, "When a helper lets go").
 */
export function removeHelper(viewer: Viewer, requestId: number, removedBy: RequestRole): ChangeSteps {
  const me = viewer.user_id
  // The helper who lets go sees the request as anyone near it does: their answer may show the owner's number.
  const reveals = removedBy === 'responder' && !viewer.is_admin
  return {
    lock: (tx) => lockForChange(tx, viewer, requestId, { lockUser: false, waves: 'keep', revealLock: reveals }),
    ...(reveals ? { reveals: true as const } : {}),
    missing: (tx) => missingFor(tx),
    told: (locked) => ({
      requestId,
      previousHelperId: locked.responder_id,
      removedBy,
      push: removedBy === 'owner' ? 'removed' : 'released',
      helperAfter: null,
    }),
    rules: (tx) => [
      visible(tx, viewer),
      removedBy === 'owner'
        ? { broken: tx`r.owner_id <> ${me}`, error: () => forbidden(REQUEST_ERRORS.notOwner) }
        : {
            broken: tx`r.responder_id is distinct from ${me}::int`,
            error: () => forbidden(REQUEST_ERRORS.notHelper),
          },
      { broken: tx`r.status = 'completed'`, error: () => conflict(REQUEST_ERRORS.completed) },
      { broken: tx`r.status <> 'in progress'`, error: () => conflict(REQUEST_ERRORS.noCurrentHelper) },
    ],
    statement: (tx, _locked, refused, counted) => tx`
      ${refusalOf(tx, refused, requestId)},
      ended as (
        update request_responses
        set ended_at = now(), outcome = ${removedBy === 'owner' ? 'removed' : 'released'}, let_go = ${endsAsLetGo(tx)}
        where request_id = ${requestId} and ended_at is null and ${allowed(tx)}
      ),
      erased as (${erasingPosition(tx, requestId, allowed(tx))}),
      changed as (
        update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now() ${counted}
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      ),
      resumed as (${resumingSearch(tx, tx`(select request_id from changed)`)})
    `,
  }
}

/**
 * Any open status → completed, by the owner or an admin, saying whether help came. Read-only from then on. The
 * helper's counts are recorded in the same statement: they exist exactly when the completion does.
 */
export function setReady(viewer: Viewer, requestId: number, gotHelp: boolean): ChangeSteps {
  return {
    lock: (tx) => lockForChange(tx, viewer, requestId, { lockUser: false, waves: 'stop' }),
    missing: (tx) => missingFor(tx),
    told: (locked) => ({
      requestId,
      previousHelperId: null,
      push: 'completed',
      helperAfter: locked.responder_id,
    }),
    rules: (tx) => [
      visible(tx, viewer),
      ...(viewer.is_admin
        ? []
        : [{ broken: tx`r.owner_id <> ${viewer.user_id}`, error: () => forbidden(REQUEST_ERRORS.notOwnerOrAdmin) }]),
      { broken: tx`r.status = 'completed'`, error: () => conflict(REQUEST_ERRORS.completed) },
    ],
    statement: (tx, _locked, refused, counted) => tx`
      ${refusalOf(tx, refused, requestId)},
      ended as (
        update request_responses set ended_at = now(), outcome = 'completed'
        where request_id = ${requestId} and ended_at is null and ${allowed(tx)}
      ),
      erased as (${erasingPosition(tx, requestId, allowed(tx))}),
      changed as (
        update requests
        set status = 'completed', got_help = ${gotHelp}, completed_at = now(), updated_at = now() ${counted}
        where request_id = ${requestId} and ${allowed(tx)}
        returning *
      ),
      ${commaList(tx, recordingHelp(tx))}
    `,
  }
}

/** The take-over budget's refusal (let-go.ts): 429, until the oldest counted let-go leaves the period. */
function letGoPause(retryAfterSeconds: number | null) {
  const seconds = Math.max(1, retryAfterSeconds ?? 3600)
  return tooManyRequests(letGoPauseMessage(seconds), seconds)
}
