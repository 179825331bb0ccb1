import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../db/queryable.ts'
import type { EventRow } from '../domain/requests/rows.ts'
import type { ChangingRequest, PushCause, PushCauseKind, PushesInStatement } from '../domain/requests/change-types.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { enqueueForUsers, enqueueInStatement } from './jobs.ts'
import { pushPayload, type PushKind } from './texts.ts'
import { forgettingCount, standDown, standDownInStatement } from './stand-down.ts'
import { scheduleFirstWave } from './waves.ts'

/** Personal updates may wait a day. */
const TTL_PERSONAL = 24 * 60 * 60

/**
 * The one person a change's push is for, and whose name it carries: the owner hears of a take-over and a release
 * (named: the helper), a removed helper of the removal, the helper of the completion; a deletion only stands
 * helpers down. `request` is as the change left it.
 */
function personalPush(
  kind: PushCauseKind,
  request: { owner_id: number; responder_id: number | null },
  previousHelperId: number | null,
): { target: number | null; actor: number | null } {
  if (kind === 'created' || kind === 'deleted') return { target: null, actor: null }
  const target =
    kind === 'taken' || kind === 'released'
      ? request.owner_id
      : kind === 'removed'
        ? previousHelperId
        : request.responder_id
  return { target, actor: kind === 'taken' ? request.responder_id : previousHelperId }
}

/** Whose alerts a change stands down, and why: a take-over (all but the new helper), a completion or a deletion. */
function standDownOf(kind: PushCauseKind, request: { responder_id: number | null }) {
  if (kind === 'taken') return { reason: 'helping' as const, except: request.responder_id }
  if (kind === 'completed' || kind === 'deleted') return { reason: 'over' as const, except: null }
  return null
}

/**
 * Decides who gets which push for a request change and queues it, inside the change's own transaction: the pushes
 * are saved exactly when the change is, so a crash right after the commit loses none (and a rolled-back change
 * sends none). A new request gets its first wave scheduled (server/push/waves.ts picks the nearest helpers, off the
 * request path); the other changes go to the one person they concern, and stand down those alerted of it. This is
 * the form for work that changed several requests (a block, an account deletion); a single change queues the same
 * pushes in its own statement (pushesInStatement).
 */
export async function queuePushes(
  tx: Queryable,
  { kind, previousHelperId = null }: PushCause,
  request: EventRow,
): Promise<void> {
  if (kind === 'created') return scheduleFirstWave(tx, request.request_id)
  // Whoever was alerted and is not needed any more hears so, once (stand-down.ts forgets them).
  const stand = standDownOf(kind, request)
  if (stand) await standDown(tx, request, stand.reason, stand.except)
  if (request.deleted) return
  const { target, actor } = personalPush(kind, request, previousHelperId)
  if (target === null) return
  const [people] = await tx<{ language: Language; actor_name: string }[]>`
    select target.language, coalesce(actor.user_name, '') as actor_name
    from users target left join users actor on actor.user_id = ${actor}
    where target.user_id = ${target}
  `
  if (!people) return
  await enqueueForUsers(
    tx,
    [{ user_id: target, language: people.language }],
    (language) => pushPayload(kind as PushKind, language, request, people.actor_name),
    { urgency: 'normal', ttl: TTL_PERSONAL },
  )
}

/**
 * The pushes `queuePushes` queues, as CTEs of the statement that makes the change: no round trip of their own, and
 * nothing queued when the change is refused (`changed` is then empty). The texts are made here for every language,
 * the statement picks each recipient's. `names`: the names the pushes may carry, by user id (the lock read them).
 * The request's wave row was paused or deleted by the lock (lockForChange's `waves`) when this stands anyone down.
 */
export function pushesInStatement(
  sql: Queryable,
  { kind, previousHelperId = null }: PushCause,
  request: ChangingRequest,
  names: ReadonlyMap<number, string>,
): PushesInStatement {
  if (kind === 'created') {
    return { ctes: [sql`first_wave as (${scheduleFirstWaveOf(sql)})`], counted: sql`` }
  }
  const ctes: Array<PendingQuery<Row[]>> = []
  const stand = standDownOf(kind, request)
  if (stand) ctes.push(...standDownInStatement(sql, request, stand.reason, stand.except))
  const { target, actor } = personalPush(kind, request, previousHelperId)
  if (target !== null) {
    const actorName = (actor === null ? undefined : names.get(actor)) ?? ''
    ctes.push(
      enqueueInStatement(
        sql,
        'personal',
        target,
        (language) => pushPayload(kind as PushKind, language, request, actorName),
        { urgency: 'normal', ttl: TTL_PERSONAL },
        sql`exists (select 1 from changed)`,
      ),
    )
  }
  return {
    ctes,
    counted: stand?.reason === 'over' ? sql`, ${forgettingCount(sql, request.request_id)}` : sql``,
  }
}

/** scheduleFirstWave, for the request a statement's `changed` inserted. */
const scheduleFirstWaveOf = (sql: Queryable) =>
  sql`insert into push_waves (request_id) select request_id from changed on conflict do nothing`
