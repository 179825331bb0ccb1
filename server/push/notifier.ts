import type { Queryable } from '../db/queryable.ts'
import { requestForEvent } from '../domain/requests.ts'
import type { Language } from '../domain/user-rules.ts'
import { enqueueForUsers } from './jobs.ts'
import { pushPayload, type PushKind } from './messages.ts'
import { scheduleFirstWave } from './waves.ts'

/** Personal updates may wait a day. */
const TTL_PERSONAL = 24 * 60 * 60

/**
 * Decides who gets which push for a committed change and queues it in the database. A new request gets its first
 * wave scheduled (server/push/waves.ts picks the nearest helpers, off the request path); the other changes go to
 * the one person they concern.
 */
export class PushNotifier {
  constructor(private readonly sql: Queryable) {}

  async requestChanged(kind: PushKind, requestId: number, previousResponderId: number | null = null): Promise<void> {
    if (kind === 'created') return scheduleFirstWave(this.sql, requestId)
    const request = await requestForEvent(this.sql, requestId)
    if (!request || request.deleted) return
    const target =
      kind === 'taken' || kind === 'released'
        ? request.owner_id
        : kind === 'removed'
          ? previousResponderId
          : request.responder_id
    const actorId = kind === 'taken' ? request.responder_id : previousResponderId
    if (target === null) return
    const [people] = await this.sql<{ language: Language; actor_name: string }[]>`
      select target.language, coalesce(actor.user_name, '') as actor_name
      from users target left join users actor on actor.user_id = ${actorId}
      where target.user_id = ${target}
    `
    if (!people) return
    await enqueueForUsers(
      this.sql,
      [{ user_id: target, language: people.language }],
      (language) => pushPayload(kind, language, request, people.actor_name),
      { urgency: 'normal', ttl: TTL_PERSONAL },
    )
  }
}
