import type { Queryable } from '../db/queryable.ts'
import { requestForEvent, type RequestRow } from '../domain/requests.ts'
import type { Language } from '../domain/user-rules.ts'
import { isRecipient } from '../events/recipients.ts'
import { pushPayload, type PushKind } from './messages.ts'
import type { PushQueue, StoredSubscription } from './queue.ts'

/** A push about a new request is worth little after an hour; personal updates may wait a day. */
const TTL_NEW_REQUEST = 60 * 60
const TTL_PERSONAL = 24 * 60 * 60

interface SubscriberRow extends StoredSubscription {
  user_id: number
  is_admin: boolean
  radius: number
  latitude: number | null
  longitude: number | null
  language: Language
}

const subscribers = (sql: Queryable, only = sql``) => sql<SubscriberRow[]>`
  select s.endpoint, s.p256dh, s.auth, u.user_id, u.is_admin, u.radius, u.latitude, u.longitude, u.language
  from push_subscriptions s join users u using (user_id)
  ${only}
`

/**
 * Decides who gets which push for a committed change and queues them. A new request goes to everyone it would
 * reach live (the radius rule), never its owner; the other changes go to the one person they concern.
 */
export class PushNotifier {
  constructor(
    private readonly sql: Queryable,
    private readonly queue: PushQueue,
  ) {}

  async requestChanged(kind: PushKind, requestId: number, previousResponderId: number | null = null): Promise<void> {
    const request = await requestForEvent(this.sql, requestId)
    if (!request || request.deleted) return
    if (kind === 'created') return this.toNeighbours(request)
    const target =
      kind === 'taken' || kind === 'released'
        ? request.owner_id
        : kind === 'removed'
          ? previousResponderId
          : request.responder_id
    const actorId = kind === 'taken' ? request.responder_id : previousResponderId
    if (target === null) return
    const actorName = actorId === null ? '' : await this.userName(actorId)
    for (const subscriber of await subscribers(this.sql, this.sql`where u.user_id = ${target}`)) {
      this.queue.enqueue({
        subscription: subscriber,
        payload: pushPayload(kind, subscriber.language, request, actorName),
        urgency: 'normal',
        ttl: TTL_PERSONAL,
      })
    }
  }

  private async toNeighbours(request: RequestRow): Promise<void> {
    const everyone = await subscribers(this.sql, this.sql`where u.user_id <> ${request.owner_id}`)
    for (const subscriber of everyone.filter((s) => isRecipient(request, s))) {
      this.queue.enqueue({
        subscription: subscriber,
        payload: pushPayload('created', subscriber.language, request, request.user_name),
        urgency: 'high',
        ttl: TTL_NEW_REQUEST,
      })
    }
  }

  private async userName(userId: number): Promise<string> {
    const [row] = await this.sql<{ user_name: string }[]>`select user_name from users where user_id = ${userId}`
    return row?.user_name ?? ''
  }
}
