import type { PendingQuery, Row, TransactionSql } from 'postgres'
import type { Notice } from '../../db/one-statement.ts'
import type { Queryable } from '../../db/queryable.ts'
import type { ConversationEventRow } from '../conversation/rows.ts'
import type { RequestCategory } from '../shared/categories.ts'
import type { RequestRole } from './people.ts'
import type { Place } from './reach.ts'
import type { EventRow, PositionEventRow, ThanksRow } from './rows.ts'

/**
 * The contracts of a change (docs/architecture.md, "One change end to end"): the news it announces, the pushes it
 * causes, and the announcers and push queue the running server lends it. The domain owns them; the bus
 * (server/events/bus.ts), `app.events` (server/plugins/events.ts) and `app.push` (server/plugins/push.ts) implement
 * them. Types only, so the domain never loads what lends them.
 */

/** A request changed. */
export interface RequestNews {
  type: 'request'
  requestId: number
  previousHelperId: number | null
  /** Set when the helper left: who ended it, so the helper's other devices can tell a release from a removal. */
  removedBy?: RequestRole
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
export interface UserNews {
  type: 'user'
  userId: number
}

/** A new message between a request's owner and its helper: the instances holding their sockets tell them. */
export interface ConversationNews {
  type: 'conversation'
  requestId: number
  messageId: string
}

/** The owner thanked the helper of a completed request: the instances holding the helper's sockets tell them. */
export interface ThanksNews {
  type: 'thanks'
  requestId: number
}

/** The helper's shared position on this request changed, stopped or ended: the owner's instance reads and tells it. */
export interface PositionNews {
  type: 'position'
  requestId: number
}

/** What a change announces inside its transaction: the other instances hear of it at commit. */
export type AnnouncedNews = RequestNews | ConversationNews | ThanksNews | PositionNews | UserNews

/** A request change to tell: which request, and (after a release or removal) who was its helper. */
export type RequestChange = Omit<RequestNews, 'type'>

/**
 * Announces a request change inside the transaction; `row` is the request as the change left it, if read.
 * `notified`: the work sent the NOTIFY itself, in the statement that made the change (`Announcers.notice`), so this
 * only delivers it here after the commit.
 */
export type Announce = (change: RequestChange, row?: EventRow, notified?: boolean) => Promise<void>

/** Announces a new conversation message inside the transaction that stored it (its two participants hear of it). */
export type AnnounceMessage = (row: ConversationEventRow, notified?: boolean) => Promise<void>

/** Announces a new thank-you inside the transaction that stored it (the helper it thanks hears of it). */
export type AnnounceThanks = (row: ThanksRow, notified?: boolean) => Promise<void>

/**
 * Announces inside the transaction that the helper's shared position on a request changed, stopped or ended: the
 * owner hears of it. With the row as the change left it; without, it is read after the commit.
 */
export type AnnouncePosition = (requestId: number, row?: PositionEventRow, notified?: boolean) => Promise<void>

/**
 * Announces inside the transaction that ends a session of this user or changes their role: every instance drops its
 * copies (the session cache) and reloads the user at the commit, and the transaction answers only once no instance
 * can still trust a copy from before it (docs/adr/0010-session-cache.md).
 */
export type AnnounceUser = (userId: number) => Promise<void>

/** How a transaction's work announces each kind of news it makes. */
export interface Announcers {
  request: Announce
  message: AnnounceMessage
  position: AnnouncePosition
  thanks: AnnounceThanks
  /**
   * The NOTIFY of a message, for work that sends it in the statement that makes its change (`notifying`,
   * server/db/one-statement.ts): a round trip fewer. The work then announces the same news with `notified`. Null in
   * embedded mode, where there is no other instance to tell.
   */
  notice(message: AnnouncedNews): Notice | null
  user: AnnounceUser
}

/** The work of `app.events.transaction`: the transaction, and the announcers that tell at its commit. */
export type TransactionWork<T> = (tx: TransactionSql, announce: Announcers) => Promise<T>

/** What happened to a request, as far as pushes go: a push kind, or its deletion (which only stands helpers down). */
export type PushCauseKind = 'created' | 'taken' | 'released' | 'removed' | 'completed' | 'deleted'

/** The push a request change causes: what happened, and (after a release or removal) who the helper was. */
export interface PushCause {
  kind: PushCauseKind
  previousHelperId?: number | null
}

/** A request as a change will leave it, known before the statement that makes the change (its lock answered it). */
export interface ChangingRequest {
  request_id: number
  owner_id: number
  /** The helper once the change is made. */
  responder_id: number | null
  category: RequestCategory
  description: string
}

/** The pushes of a change as parts of the statement that makes it (server/push/notifier.ts, pushesInStatement). */
export interface PushesInStatement {
  /** CTEs that follow the change's `changed` (the request's rows as it wrote them; none when it was refused). */
  ctes: Array<PendingQuery<Row[]>>
  /**
   * An item of the SET list of the change's update of the request (with a leading comma), or nothing: the count of
   * the alerts its stand-down forgets. The same statement cannot update the request's row twice.
   */
  counted: PendingQuery<Row[]>
}

/** What a request change asks of the push queue (`app.push`, server/plugins/push.ts). */
export interface RequestPushes {
  /**
   * Queues the pushes a request change causes, inside the change's transaction (`row`: the request as the change
   * left it): they are saved, and every instance's worker woken, exactly when the change commits.
   */
  queuePushes(tx: Queryable, cause: PushCause, row: EventRow): Promise<void>
  /**
   * The same pushes as parts of the statement that makes a single change (server/push/notifier.ts), with the
   * NOTIFY that wakes the other instances' workers at its commit (null: embedded, nobody else to wake).
   */
  pushesInStatement(
    sql: Queryable,
    cause: PushCause,
    request: ChangingRequest,
    names: ReadonlyMap<number, string>,
  ): PushesInStatement & { wake: Notice | null }
  /** Starts this instance's worker at once on what a committed change queued (the others hear the NOTIFY). */
  wake(): void
}
