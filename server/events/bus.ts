import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import type { Notice } from '../db/one-statement.ts'
import type { Queryable } from '../db/queryable.ts'
import type { Place } from '../domain/requests/reach.ts'
import type { RemovedBy } from '../schemas/events.ts'

/** What crosses between instances: ids only, so a NOTIFY payload stays tiny and carries no personal data. */
export type BusMessage = (
  | {
      type: 'request'
      requestId: number
      previousResponderId: number | null
      /** Set when the responder left: who ended it, so the helper's other devices can tell a release from a removal. */
      removedBy?: RemovedBy
      /** Only the view count changed: only those who see it (the owner, admins) are told. */
      viewsOnly?: true
      /**
       * Set when the request moved: where it was (null: it had no location). Those it reached there and no longer
       * reaches (server/events/left-reach.ts) are sent `request.hidden`, so nobody keeps a copy they may not see.
       */
      previousPlace?: Place
      /**
       * Set when a block made in the change's transaction ended the response: this user (the former helper) hears
       * nothing of it but `request.hidden`, even where their instance has not yet reloaded their block set.
       */
      hiddenFrom?: number
    }
  /** This user's account, role or sessions changed: every instance reloads the user and ends sockets of ended sessions. */
  | { type: 'user'; userId: number }
  /** The service map's list changed (added, replaced, deleted, imported): every app reloads it. */
  | { type: 'services' }
  /** A new message between a request's owner and its helper: the instances holding their sockets tell them. */
  | { type: 'conversation'; requestId: number; messageId: string }
  /** The owner thanked the helper of a completed request: the instances holding the helper's sockets tell them. */
  | { type: 'thanks'; requestId: number }
  /** The helper's shared position on this request changed, stopped or ended: the owner's instance reads and tells it. */
  | { type: 'position'; requestId: number }
  /** The waiting owner's progress changed (a wave went out, or was asked for): the owner's instance reads and tells it. */
  | { type: 'progress'; requestId: number; ownerId: number }
  /** This user has a new notice of a moderation decision: the instances holding their sockets tell them to fetch it. */
  | { type: 'notices'; userId: number }
) & {
  /** The instance that sent it, which delivers it to its own clients itself (the admin script sends none). */
  origin?: string
}

/** A request change as the bus carries it. */
export type RequestMessage = Extract<BusMessage, { type: 'request' }>

/** A new conversation message as the bus carries it. */
export type ConversationNews = Extract<BusMessage, { type: 'conversation' }>

/** A new thank-you as the bus carries it. */
export type ThanksNews = Extract<BusMessage, { type: 'thanks' }>

/** A change of the helper's shared position as the bus carries it (no coordinates: they are read where needed). */
export type PositionNews = Extract<BusMessage, { type: 'position' }>

/** A change of a waiting owner's progress as the bus carries it (server/events/progress-delivery.ts). */
export type ProgressNews = Extract<BusMessage, { type: 'progress' }>

/** What a change announces inside its transaction: the other instances hear of it at commit. */
export type AnnouncedMessage = RequestMessage | ConversationNews | ThanksNews | PositionNews

/**
 * Tells the OTHER instances: the sending instance delivers every message to its own clients itself, so that its
 * clients hear of changes in the order it made them (a moved user is reloaded before its next request change).
 */
export interface EventBus {
  /** After a commit: a change that need not be atomic with it (a user reloaded, the service list). */
  publish(message: BusMessage): Promise<void>
  /**
   * Inside the transaction of a request change: the other instances hear of it when, and only if, it commits, so a
   * crash right after the commit loses nothing.
   */
  announce(tx: Queryable, message: AnnouncedMessage): Promise<void>
  /**
   * The NOTIFY `announce` would send, for a change that sends it in the statement that makes it (`notifying`,
   * server/db/one-statement.ts): no round trip of its own, and still delivered when, and only if, the transaction
   * commits. Null: nobody to tell.
   */
  notice(message: AnnouncedMessage): Notice | null
  onMessage(listener: (message: BusMessage) => void): void
  /** The bus may have missed messages (its connection dropped and came back): clients should refetch. */
  onResync(listener: () => void): void
  close(): Promise<void>
}

/**
 * Embedded mode is one process, with no other instance to tell (PGlite's NOTIFY reaches only the notifying
 * connection). Its changes are delivered after the commit; a crash in between takes every socket with it, and the
 * clients reconnect and fetch the list again, so nobody waits for the lost event.
 */
export function inProcessBus(): EventBus {
  return {
    async publish() {},
    async announce() {},
    notice: () => null,
    onMessage: () => {},
    onResync: () => {},
    async close() {},
  }
}

export const CHANNEL = 'pyoraapu_events'

/**
 * Sends a message to every instance listening on this PostgreSQL server. Other processes on the same database
 * (the admin script) use it too, so the channel name and the payload format live only here.
 */
export async function notifyInstances(sql: Queryable, message: BusMessage): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`
}

/** Several instances on one PostgreSQL server: every instance hears every change through LISTEN/NOTIFY. */
export async function postgresBus(sql: Sql, log: { warn(obj: object, msg: string): void }): Promise<EventBus> {
  const listeners: Array<(message: BusMessage) => void> = []
  const origin = randomUUID()
  const resyncListeners: Array<() => void> = []
  let listening = false
  const subscription = await sql.listen(
    CHANNEL,
    (payload) => {
      let message: BusMessage
      try {
        message = JSON.parse(payload) as BusMessage
      } catch (error) {
        log.warn({ err: error, payload }, 'ignoring a malformed event')
        return
      }
      if (message.origin === origin) return
      listeners.forEach((listener) => listener(message))
    },
    // postgres.js calls this on the first LISTEN and again after every reconnect.
    () => {
      if (listening) resyncListeners.forEach((listener) => listener())
      listening = true
    },
  )
  return {
    publish: (message) => notifyInstances(sql, { ...message, origin }),
    announce: (tx, message) => notifyInstances(tx, { ...message, origin }),
    notice: (message) => ({ channel: CHANNEL, payload: JSON.stringify({ ...message, origin }) }),
    onMessage: (listener) => void listeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    close: () => subscription.unlisten(),
  }
}
