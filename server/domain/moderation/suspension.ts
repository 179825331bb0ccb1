import type { PendingQuery, Row, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest, notFound } from '../../errors.ts'
import { revokeOtherSessions } from '../accounts/sessions.ts'
import { ADMIN_USER_ERRORS } from '../admin/errors.ts'
import { erasePositionsOf } from '../requests/position.ts'
import { SUSPENSION_ERRORS, SUSPENSION_REASON_MAX } from './suspension-errors.ts'
import { resumingSearch } from '../requests/search.ts'

/*
 * Suspension and ban (docs/accounts.md, "Suspension and ban"): an admin's decision on a user, in force until its
 * end (none for a ban) or until an admin lifts it. What "in force" means, and the rules that read it (sessions,
 * logins, the visibility of requests, events and pushes), are in ./in-force.ts; this module makes and ends them.
 *
 * Each function runs in the caller's transaction and answers the ids of the requests it changed. The caller
 * announces each inside that transaction (`announce.request({ requestId, previousHelperId: null })` of
 * `app.events.transaction`) and, after the commit, tells every instance of the user (`app.events.publish({ type:
 * 'user', userId })`): that is what closes the user's sockets everywhere (4401) once their sessions are revoked.
 */

export interface Suspension {
  userId: number
  until: Date | null /* null: banned */
  reason: string
  decidedBy: number
}

/** The statement of reasons as stored: trimmed, 1-500 characters, else 400. */
export function checkSuspensionReason(reason: string): string {
  const trimmed = reason.trim()
  if (trimmed.length === 0 || [...trimmed].length > SUSPENSION_REASON_MAX) throw badRequest(SUSPENSION_ERRORS.reason)
  return trimmed
}

/**
 * Suspends or bans the user in the caller's transaction; answers the ids of requests whose change must be announced.
 *
 * From its commit on: every session of the user is revoked (access tokens, refresh and sockets refused; a login is
 * 403 with the decision's words), their push subscriptions are gone (no alert reaches a signed-out device), their
 * running responses end as an owner's removal of the helper ends one (the request is new again, the helper can
 * never take it again, the shared position is erased), and their open requests are shown to admins only: a helper
 * on one of them is let go the same way (the request cannot be seen, so the helper must not be held by it), and the
 * request's wave row falls due at once, so the push worker stands down whoever was alerted and sends no more
 * waves (server/push/waves.ts). A newer decision replaces one in force.
 */
export async function suspendAccount(tx: TransactionSql, suspension: Suspension): Promise<number[]> {
  const { userId, until, decidedBy } = suspension
  const reason = checkSuspensionReason(suspension.reason)
  if (userId === decidedBy) throw badRequest(SUSPENSION_ERRORS.self)
  // The user's own take-overs and new requests serialise on this lock (lockForChange), refused once this commits.
  const [user] = await tx`select 1 from users where user_id = ${userId} for no key update`
  if (!user) throw notFound(ADMIN_USER_ERRORS.userNotFound)
  if (until !== null) {
    const [ahead] = await tx<{ ahead: boolean }[]>`select ${until} > now() as ahead`
    if (!ahead!.ahead) throw badRequest(SUSPENSION_ERRORS.endInPast)
  }
  await tx`
    update account_suspensions set lifted_at = now(), lifted_by = ${decidedBy}
    where user_id = ${userId} and lifted_at is null
  `
  await tx`
    insert into account_suspensions (user_id, ends_at, reason, decided_by)
    values (${userId}, ${until}, ${reason}, ${decidedBy})
  `
  await revokeOtherSessions(tx, userId, null, 'account suspended')
  await tx`delete from push_subscriptions where user_id = ${userId}`
  const helping = await endResponses(tx, tx`responder_id = ${userId}`)
  // The requests they were helping with are back in the search (never a let-go of theirs: endResponses).
  if (helping.length > 0) await tx`${resumingSearch(tx, tx`(select unnest(${helping}::int[]))`)}`
  await erasePositionsOf(tx, userId)
  const own = await tx<{ request_id: number }[]>`
    update requests set updated_at = now()
    where owner_id = ${userId} and deleted_at is null and status <> 'completed'
    returning request_id
  `
  const ownIds = own.map((row) => row.request_id)
  await endResponses(tx, tx`request_id = any(${ownIds}::int[])`)
  await tx`delete from responder_positions where request_id = any(${ownIds}::int[])`
  // The worker takes a due wave of a request whose owner is suspended as the moment to stand its alerted down.
  await tx`
    insert into push_waves (request_id) select unnest(${ownIds}::int[])
    on conflict (request_id) do update set due_at = now()
  `
  return [...new Set([...helping, ...ownIds])]
}

/**
 * Ends the running responses on the requests `where` picks, as an owner's removal does (server/domain/requests/
 * status.ts, removeHelper): the response ends as 'removed' (that helper can never take the request again) and
 * the request is new again without a helper. Answers the requests changed.
 */
async function endResponses(tx: Queryable, where: PendingQuery<Row[]>): Promise<number[]> {
  const changed = await tx<{ request_id: number }[]>`
    with released as (
      update requests set status = 'new', responder_id = null, responder_distance_km = null, updated_at = now()
      where status = 'in progress' and ${where}
      returning request_id
    ),
    ended as (
      update request_responses set ended_at = now(), outcome = 'removed'
      where ended_at is null and request_id in (select request_id from released)
    )
    select request_id from released
  `
  return changed.map((row) => row.request_id)
}

/**
 * Lifts the decision in force on a user (an admin, from the user's card): they may log in again at once, and their
 * open requests are shown again as the suspension left them (new, without a helper; no more alert waves). Their
 * sessions stay ended and their push subscriptions gone: they log in and turn alerts on again. Answers the ids of
 * the requests to announce, or undefined when nothing was in force (404 for the caller).
 */
export async function liftSuspension(
  tx: TransactionSql,
  userId: number,
  liftedBy: number,
): Promise<number[] | undefined> {
  const lifted = await tx`
    update account_suspensions set lifted_at = now(), lifted_by = ${liftedBy}
    where user_id = ${userId} and lifted_at is null and (ends_at is null or ends_at > now())
    returning 1
  `
  if (lifted.length === 0) return undefined
  return shownAgain(tx, [userId])
}

/**
 * Suspensions whose end has passed, recorded as ended (lifted_at = ends_at) by whichever instance comes first: the
 * rules read the end themselves, so this only announces that the users' open requests are shown again. Answers
 * the users and the requests to announce. One kept after its account was deleted announces nothing: its end is read
 * where it counts (kept-records.ts).
 */
export async function endExpiredSuspensions(tx: TransactionSql): Promise<{ userIds: number[]; requestIds: number[] }> {
  const ended = await tx<{ user_id: number }[]>`
    update account_suspensions set lifted_at = ends_at
    where suspension_id in (
      select suspension_id from account_suspensions
      where lifted_at is null and ends_at <= now() and user_id is not null
      for update skip locked
    )
    returning user_id
  `
  const userIds = ended.map((row) => row.user_id)
  return { userIds, requestIds: userIds.length === 0 ? [] : await shownAgain(tx, userIds) }
}

/**
 * The open requests of users whose suspension ended: stamped as changed, so a list synced before (`since=`) gets
 * them again, and the caller announces them to whoever they reach. No alert wave comes back for them.
 */
async function shownAgain(tx: Queryable, userIds: number[]): Promise<number[]> {
  const rows = await tx<{ request_id: number }[]>`
    update requests set updated_at = now()
    where owner_id = any(${userIds}::int[]) and deleted_at is null and status <> 'completed'
    returning request_id
  `
  const ids = rows.map((row) => row.request_id)
  // A wave the suspension made due and the worker has not reached yet: it must not alert anyone now.
  await tx`delete from push_waves where request_id = any(${ids}::int[])`
  return ids
}
