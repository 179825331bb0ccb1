import type { Sql, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
// Types only: the running server lends its announcers and push queue (server/plugins/events.ts, push.ts); the
// domain never loads them (docs/architecture.md, "What may depend on what").
import type { Announcers, RequestChange, TransactionWork } from '../../plugins/events.ts'
import type { PushCause, PushCauseKind } from '../../push/notifier.ts'
import type { PhoneReachLimits } from '../limits/phone-reach.ts'
import * as edits from './edits.ts'
import {
  asksReach,
  findRequest,
  reachReveal,
  requestFor,
  requestForEvent,
  type RequestJson,
  type RequestViewer,
} from './requests.ts'
import type { RequestLocation } from './rules.ts'
import * as status from './status.ts'

/** What a request change needs of the running server: `app.events` and `app.push`, and the phone reach limits. */
export interface ChangeContext {
  events: { transaction<T>(work: TransactionWork<T>): Promise<T> }
  push: {
    queuePushes(
      tx: Queryable,
      cause: PushCause,
      row: NonNullable<Awaited<ReturnType<typeof requestForEvent>>>,
    ): Promise<void>
    wake(): void
  }
  limits: PhoneReachLimits
}

/**
 * What a change's work tells: which request, whether nothing changed (a view counted before), which push it causes,
 * and whether it ended a response without a push of its own (a block: docs/safety.md, "Blocks").
 */
export type Told = RequestChange & { unchanged?: true; push?: PushCauseKind; endsResponse?: true }

/** The changes that end a running response, if there is one. */
const ENDS_RESPONSE: ReadonlySet<PushCauseKind> = new Set(['released', 'removed', 'completed', 'deleted'])
const NO_RESPONDER = { previousResponderId: null }

/**
 * The unit of work of every request change (docs/architecture.md, "One change end to end"): one transaction that
 * also announces it (everyone it concerns hears of it, atomically with the commit) and reads the request back once:
 * the caller's answer and every live event are shaped from that row. `work` answers what to tell, or `unchanged` when
 * nothing was, and which push the change causes: the pushes are queued in the same transaction, so they are saved
 * exactly when the change is. After the commit this instance's push worker is woken.
 */
async function change(context: ChangeContext, viewer: RequestViewer, work: (tx: TransactionSql) => Promise<Told>) {
  let pushed = false
  const answer = await context.events.transaction(async (tx, announce) => {
    const told = await tell(context, tx, announce, await work(tx))
    pushed = told.pushed
    // The caller's own answer is a detail: a number it reveals by reach is recorded with the change.
    return requestFor(told.row, viewer, 'detail', await reachReveal(tx, told.row, viewer, context.limits))
  })
  if (pushed) context.push.wake()
  return answer
}

/** Announces one change made in `tx` and queues its push: the part of `change` after the work. */
async function tell(
  context: Pick<ChangeContext, 'push'>,
  tx: TransactionSql,
  announce: Announcers,
  { unchanged, push, endsResponse, ...told }: Told,
) {
  const row = await requestForEvent(tx, told.requestId)
  if (!row) throw new Error(`request ${told.requestId} vanished in its own transaction`)
  if (!unchanged) await announce.request(told, row)
  // The response ended, and with it any position its helper shared (erased by the change): the owner's map drops it.
  if (endsResponse || (push && ENDS_RESPONSE.has(push)))
    await announce.position(told.requestId, { requestId: told.requestId, ownerId: row.owner_id, position: null })
  if (push) await context.push.queuePushes(tx, { kind: push, previousResponderId: told.previousResponderId }, row)
  return { row, pushed: push !== undefined }
}

/**
 * Work in one transaction that may change several requests (a block ends every response between two people), each
 * told as `change` tells one. Answers what the work answers.
 */
export async function changeSeveral<T>(
  context: Pick<ChangeContext, 'events' | 'push'>,
  work: (tx: TransactionSql) => Promise<{ result: T; changes: Told[] }>,
): Promise<T> {
  let pushed = false
  const result = await context.events.transaction(async (tx, announce) => {
    const { result, changes } = await work(tx)
    for (const told of changes) pushed = (await tell(context, tx, announce, told)).pushed || pushed
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
  const run = (viewer: RequestViewer, work: (tx: TransactionSql) => Promise<Told>) => change(context, viewer, work)
  return {
    create: (viewer: RequestViewer, input: edits.NewRequest): Promise<RequestJson> =>
      run(viewer, async (tx) => ({
        requestId: await edits.createRequest(tx, viewer, input),
        ...NO_RESPONDER,
        push: 'created',
      })),
    editDescription: (viewer: RequestViewer, id: number, description: string) =>
      run(viewer, async (tx) => {
        await edits.editDescription(tx, viewer, id, description)
        return { requestId: id, ...NO_RESPONDER }
      }),
    move: (viewer: RequestViewer, id: number, place: RequestLocation) =>
      run(viewer, async (tx) => {
        const previousPlace = await edits.updateLocation(tx, viewer, id, place)
        return { requestId: id, ...NO_RESPONDER, previousPlace }
      }),
    addView: (viewer: RequestViewer, id: number) =>
      run(viewer, async (tx) => {
        const counted = await edits.addView(tx, viewer, id)
        // Only the owner and admins see the count: nobody else hears of it.
        return { requestId: id, ...NO_RESPONDER, viewsOnly: true, ...(counted ? {} : { unchanged: true as const }) }
      }),
    takeOver: (viewer: RequestViewer, id: number) =>
      run(viewer, async (tx) => {
        await status.takeOver(tx, viewer, id)
        return { requestId: id, ...NO_RESPONDER, push: 'taken' }
      }),
    removeResponder: (viewer: RequestViewer, id: number, removedBy: status.RemovedBy) =>
      run(viewer, async (tx) => {
        const previous = await status.removeResponder(tx, viewer, id, removedBy)
        return {
          requestId: id,
          previousResponderId: previous,
          removedBy,
          push: removedBy === 'owner' ? 'removed' : 'released',
        }
      }),
    setReady: (viewer: RequestViewer, id: number, gotHelp: boolean) =>
      run(viewer, async (tx) => {
        await status.setReady(tx, viewer, id, gotHelp)
        return { requestId: id, ...NO_RESPONDER, push: 'completed' }
      }),
    delete: async (viewer: RequestViewer, id: number): Promise<void> => {
      await run(viewer, async (tx) => {
        await edits.deleteRequest(tx, viewer, id)
        return { requestId: id, ...NO_RESPONDER, push: 'deleted' }
      })
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
