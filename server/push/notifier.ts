import type { Queryable } from '../db/queryable.ts'
import type { EventRow } from '../events/hub.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { enqueueForUsers } from './jobs.ts'
import { pushPayload, type PushKind } from './texts.ts'
import { standDown } from './stand-down.ts'
import { scheduleFirstWave } from './waves.ts'

/** Personal updates may wait a day. */
const TTL_PERSONAL = 24 * 60 * 60

/** What happened to a request, as far as pushes go: a push kind, or its deletion (which only stands helpers down). */
export type PushCauseKind = PushKind | 'deleted'

/** The push a request change causes: what happened, and (after a release or removal) who the responder was. */
export interface PushCause {
  kind: PushCauseKind
  previousResponderId?: number | null
}

/**
 * Decides who gets which push for a request change and queues it, inside the change's own transaction: the pushes
 * are saved exactly when the change is, so a crash right after the commit loses none (and a rolled-back change
 * sends none). A new request gets its first wave scheduled (server/push/waves.ts picks the nearest helpers, off the
 * request path); the other changes go to the one person they concern, and stand down those alerted of it.
 */
export async function queuePushes(
  tx: Queryable,
  { kind, previousResponderId = null }: PushCause,
  request: EventRow,
): Promise<void> {
  if (kind === 'created') return scheduleFirstWave(tx, request.request_id)
  // Whoever was alerted and is not needed any more hears so, once (stand-down.ts forgets them).
  if (kind === 'taken') await standDown(tx, request, 'helping', request.responder_id)
  if (kind === 'completed' || kind === 'deleted') await standDown(tx, request, 'over', null)
  if (kind === 'deleted' || request.deleted) return
  const target =
    kind === 'taken' || kind === 'released'
      ? request.owner_id
      : kind === 'removed'
        ? previousResponderId
        : request.responder_id
  const actorId = kind === 'taken' ? request.responder_id : previousResponderId
  if (target === null) return
  const [people] = await tx<{ language: Language; actor_name: string }[]>`
    select target.language, coalesce(actor.user_name, '') as actor_name
    from users target left join users actor on actor.user_id = ${actorId}
    where target.user_id = ${target}
  `
  if (!people) return
  await enqueueForUsers(
    tx,
    [{ user_id: target, language: people.language }],
    (language) => pushPayload(kind, language, request, people.actor_name),
    { urgency: 'normal', ttl: TTL_PERSONAL },
  )
}
