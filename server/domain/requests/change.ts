import type { Sql, TransactionSql } from 'postgres'
import { commaList, notifying } from '../../db/one-statement.ts'
import type { Announcers, PushCauseKind, RequestPushes, TransactionWork } from './change-types.ts'
import { admittingReveal, isWithinPhoneReach, type PhoneReachLimits } from '../limits/phone-reach.ts'
import * as edits from './edits.ts'
import {
  asksReach,
  findRequest,
  reachReveal,
  requestFor,
  requestForEvent,
  selectRequests,
  type LockedForChange,
  type ReachReveal,
  type RequestJson,
  type RequestViewer,
} from './requests.ts'
import type { RequestLocation } from './rules.ts'
import * as status from './status.ts'
import type { RequestRole } from './people.ts'
import { firstBroken, type ChangeSteps, type Refusal, type Told } from './steps.ts'
import type { EventRow } from './rows.ts'

export type { Told } from './steps.ts'

/** What a request change needs of the running server: `app.events` and `app.push`, and the phone reach limits. */
export interface ChangeContext {
  events: { transaction<T>(work: TransactionWork<T>): Promise<T> }
  push: RequestPushes
  limits: PhoneReachLimits
}

/** The changes that end a running response, if there is one. */
const ENDS_RESPONSE: ReadonlySet<PushCauseKind> = new Set(['released', 'removed', 'completed', 'deleted'])
const NO_PREVIOUS_HELPER = { previousHelperId: null }

/**
 * The unit of work of every request change (docs/architecture.md, "One change end to end"): one transaction that
 * also announces it (everyone it concerns hears of it, atomically with the commit) and reads the request back once:
 * the caller's answer and every live event are shaped from that row. The pushes it causes are queued in the same
 * transaction, so they are saved exactly when the change is. After the commit this instance's push worker is woken.
 * `steps` make it in two statements (`make`: docs/adr/0014); a function is work that makes its change its own way
 * and then tells of it (`tell`: a view count).
 */
async function change(
  context: ChangeContext,
  viewer: RequestViewer,
  steps: ChangeSteps | ((tx: TransactionSql) => Promise<Told>),
) {
  let pushed = false
  const answer = await context.events.transaction(async (tx, announce) => {
    const told =
      typeof steps === 'function'
        ? await tell(context, tx, announce, await steps(tx))
        : await make(context, tx, announce, viewer, steps)
    pushed = told.pushed
    // The caller's own answer is a detail: a number it reveals by reach is recorded with the change.
    const reach = told.reach ?? (await reachReveal(tx, told.row, viewer, context.limits))
    return requestFor(told.row, viewer, 'detail', reach)
  })
  if (pushed) context.push.wake()
  return answer
}

type ChangedRow = EventRow

/**
 * A change in two statements (steps.ts): the locks, then one statement that checks the rules, writes, reads the
 * request back, queues the pushes and sends the NOTIFYs of the news and of the push wake-up. A broken rule is
 * thrown, which rolls the transaction back, locks and all.
 */
async function make(
  context: Pick<ChangeContext, 'push' | 'limits'>,
  tx: TransactionSql,
  announce: Announcers,
  viewer: RequestViewer,
  steps: ChangeSteps,
): Promise<{ row: ChangedRow; pushed: boolean; reach?: ReachReveal }> {
  const locked = await steps.lock(tx)
  if (!locked) throw await steps.missing(tx)
  const { unchanged, push, endsResponse, helperAfter, ...told } = steps.told(locked)
  const endsShare = endsResponse || (push !== undefined && ENDS_RESPONSE.has(push))
  const pushes = push
    ? context.push.pushesInStatement(
        tx,
        { kind: push, previousHelperId: told.previousHelperId },
        { ...locked, responder_id: helperAfter },
        namesOf(locked),
      )
    : undefined
  const rules = steps.rules(tx, locked)
  const reveal = steps.reveals ? revealInStatement(tx, locked, viewer, context.limits) : undefined
  const ctes = [...(pushes?.ctes ?? []), ...(reveal?.ctes ?? [])]
  const notices = [
    unchanged ? null : announce.notice({ type: 'request', ...told }),
    endsShare ? announce.notice({ type: 'position', requestId: told.requestId }) : null,
    pushes?.wake ?? null,
  ]
  const [answer] = await tx<Array<Refusal & Partial<ChangedRow>>>`
    with ${steps.statement(tx, locked, firstBroken(tx, rules), pushes?.counted ?? tx``)},
      request_now as (${selectRequests(tx, tx`, r.deleted_at is not null as deleted`, tx`changed`)})
      ${ctes.length > 0 ? tx`, ${commaList(tx, ctes)}` : tx``}
    select refusal.refused, refusal.refused_until, refusal.refused_reason, refusal.refused_retry_after, request_now.*,
      ${reveal?.shown ?? tx`false`} as shown,
      ${notifying(tx, notices, tx`exists (select 1 from changed)`)} as notified
    from refusal left join request_now on true
  `
  const {
    refused,
    refused_until,
    refused_reason,
    refused_retry_after,
    shown,
    notified: _notified,
    ...row
  } = answer as Refusal & ChangedRow & { shown: boolean; notified: unknown }
  if (refused !== null) throw rules[refused]!.error({ refused, refused_until, refused_reason, refused_retry_after })
  // The NOTIFYs went with the statement: these deliver on this instance after the commit.
  if (!unchanged) await announce.request(told, row, true)
  if (endsShare)
    await announce.position(told.requestId, { requestId: told.requestId, ownerId: row.owner_id, position: null }, true)
  // Any other change leaves the answer asking for no number (reachReveal then reads nothing).
  const reach = steps.reveals ? (reveal === undefined ? 'none' : shown ? 'shown' : 'limit') : undefined
  return { row, pushed: push !== undefined, ...(reach ? { reach } : {}) }
}

/**
 * reachReveal for the answer to a change that `reveals` (steps.ts), decided from the request as locked (which the
 * change does not move) and recorded in the change's statement: its CTEs, and SQL for whether the number is shown.
 * Undefined when the answer asks for no number or the request is out of the acting user's reach.
 */
function revealInStatement(
  tx: TransactionSql,
  locked: LockedForChange,
  viewer: RequestViewer,
  limits: PhoneReachLimits,
): ReturnType<typeof admittingReveal> | undefined {
  if (viewer.is_admin || locked.phone_only_to_helper) return undefined
  if (locked.latitude !== null && locked.longitude !== null) {
    const place = { latitude: locked.viewer_reach_latitude, longitude: locked.viewer_reach_longitude }
    if (isWithinPhoneReach(place, viewer.radius, locked, limits.reachKm) !== true) return undefined
  }
  // The change holds the request's row lock: no deletion can come between (admitReveal's `for key share`).
  return admittingReveal(
    tx,
    viewer.user_id,
    locked.request_id,
    limits.revealsPerDay,
    tx`select request_id from changed`,
  )
}

/** The names a change's pushes may carry: the acting user's and the helper's, as the lock read them. */
function namesOf(locked: LockedForChange): Map<number, string> {
  const names = new Map<number, string>()
  if (locked.responder_id !== null && locked.helper_name !== null) names.set(locked.responder_id, locked.helper_name)
  names.set(locked.viewer_id, locked.viewer_name)
  return names
}

/** Announces one change made in `tx` and queues its push: the part of `change` after the work. */
async function tell(
  context: Pick<ChangeContext, 'push'>,
  tx: TransactionSql,
  announce: Announcers,
  { unchanged, push, endsResponse, ...told }: Told,
): Promise<{ row: ChangedRow; pushed: boolean; reach?: ReachReveal }> {
  const row = await requestForEvent(tx, told.requestId)
  if (!row) throw new Error(`request ${told.requestId} vanished in its own transaction`)
  if (!unchanged) await announce.request(told, row)
  // The response ended, and with it any position its helper shared (erased by the change): the owner's map drops it.
  if (endsResponse || (push && ENDS_RESPONSE.has(push)))
    await announce.position(told.requestId, { requestId: told.requestId, ownerId: row.owner_id, position: null })
  if (push) await context.push.queuePushes(tx, { kind: push, previousHelperId: told.previousHelperId }, row)
  return { row, pushed: push !== undefined }
}

/**
 * Work in one transaction that may change several requests (a block ends every response between two people), each
 * told as `change` tells one. Answers what the work answers.
 */
export async function changeSeveral<T>(
  context: Pick<ChangeContext, 'events' | 'push'>,
  work: (tx: TransactionSql) => Promise<{ result: T; changes: Told[]; changedUsers?: number[] }>,
): Promise<T> {
  let pushed = false
  const result = await context.events.transaction(async (tx, announce) => {
    const { result, changes, changedUsers = [] } = await work(tx)
    for (const told of changes) pushed = (await tell(context, tx, announce, told)).pushed || pushed
    // In the transaction: every instance hears of them if and only if the work commits (docs/adr/0010-session-cache.md).
    for (const userId of changedUsers) await announce.user(userId)
    return result
  })
  if (pushed) context.push.wake()
  return result
}

/**
 * Every change of a help request (docs/requests.md), each through `change` above. Each answers the request as the
 * caller now sees it.
 */
export function requestChanges(context: ChangeContext) {
  const run = (viewer: RequestViewer, steps: ChangeSteps | ((tx: TransactionSql) => Promise<Told>)) =>
    change(context, viewer, steps)
  return {
    create: (viewer: RequestViewer, input: edits.NewRequest): Promise<RequestJson> =>
      run(viewer, edits.createRequest(viewer, input)),
    editDescription: (viewer: RequestViewer, id: number, description: string) =>
      run(viewer, edits.editDescription(viewer, id, description)),
    move: (viewer: RequestViewer, id: number, place: RequestLocation) =>
      run(viewer, edits.updateLocation(viewer, id, place)),
    addView: (viewer: RequestViewer, id: number) =>
      run(viewer, async (tx) => {
        const counted = await edits.addView(tx, viewer, id)
        // Only the owner and admins see the count: nobody else hears of it.
        return {
          requestId: id,
          ...NO_PREVIOUS_HELPER,
          viewsOnly: true,
          ...(counted ? {} : { unchanged: true as const }),
        }
      }),
    takeOver: (viewer: RequestViewer, id: number) => run(viewer, status.takeOver(viewer, id)),
    removeHelper: (viewer: RequestViewer, id: number, removedBy: RequestRole) =>
      run(viewer, status.removeHelper(viewer, id, removedBy)),
    setReady: (viewer: RequestViewer, id: number, gotHelp: boolean) =>
      run(viewer, status.setReady(viewer, id, gotHelp)),
    delete: async (viewer: RequestViewer, id: number): Promise<void> => {
      await run(viewer, edits.deleteRequest(viewer, id))
    },
  }
}

/** A request the viewer opened; a transaction only when reach decides its owner's number (to record the reveal). */
export async function openRequest(
  sql: Sql,
  viewer: RequestViewer,
  id: number,
  limits: PhoneReachLimits,
): Promise<RequestJson> {
  const row = await findRequest(sql, viewer, id)
  const reach = asksReach(row, viewer, 'detail')
    ? await sql.begin((tx) => reachReveal(tx, row, viewer, limits))
    : 'none'
  return requestFor(row, viewer, 'detail', reach)
}
