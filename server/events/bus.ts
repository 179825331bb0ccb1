import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import type { Notice } from '../db/one-statement.ts'
import type { Queryable } from '../db/queryable.ts'
import type {
  ConversationNews,
  PositionNews,
  RequestNews,
  ThanksNews,
  UserNews,
} from '../domain/requests/change-types.ts'

// The news a change announces is the domain's contract (server/domain/requests/change-types.ts); the bus carries it.
export type { ConversationNews, PositionNews, ThanksNews, UserNews } from '../domain/requests/change-types.ts'

/** What crosses between instances: ids only, so a NOTIFY payload stays tiny and carries no personal data. */
export type BusMessage = (
  | RequestNews
  | UserNews
  /** The service map's list changed (added, replaced, deleted, imported): every app reloads it. */
  | { type: 'services' }
  | ConversationNews
  | ThanksNews
  | PositionNews
  /** The waiting owner's progress changed (a wave went out, or was asked for): the owner's instance reads and tells it. */
  | { type: 'progress'; requestId: number; ownerId: number }
  /** This user has a new notice of a moderation decision: the instances holding their sockets tell them to fetch it. */
  | { type: 'notices'; userId: number }
  /** The moderation queue changed (a report filed or decided): the instances tell their admins' sockets to reload it. */
  | { type: 'reports' }
) & {
  /** The instance that sent it, which delivers it to its own clients itself (the admin script sends none). */
  origin?: string
  /** The sender's number for it: when it comes back to its sender, it vouches for that bus (`Heartbeats`). */
  vouch?: number
}

/** A request change as the bus carries it. */
export type RequestMessage = Extract<BusMessage, { type: 'request' }>

/** A change of a waiting owner's progress as the bus carries it (server/events/progress-delivery.ts). */
export type ProgressNews = Extract<BusMessage, { type: 'progress' }>

/** What a change announces inside its transaction: the other instances hear of it at commit. */
export type AnnouncedMessage = RequestMessage | ConversationNews | ThanksNews | PositionNews | UserNews

/**
 * How often, at most, an instance that is asked sends its bus a heartbeat (a NOTIFY to itself, which vouches for what
 * it heard before): none while its own messages come back within this interval, which vouch as well (`Heartbeats`).
 */
export const BUS_HEARTBEAT_MS = 100

/**
 * How long a heartbeat that came back vouches for the bus (docs/adr/0010-session-cache.md). An instance trusts its
 * session cache only while its newest returned heartbeat was sent less than this long ago, and a change to a user
 * (a session ended, a role, a block, a setting) answers only this long after its commit: by then every instance
 * has either heard of the change or stopped trusting what it held before it. Short, because every such change waits
 * it; four heartbeats long, so a slow round trip now and then costs a database query, not a wrong answer.
 */
export const BUS_LEASE_MS = 400

/** An instance that nobody asked whether its bus is current for this long stops its heartbeats until asked again. */
const BUS_IDLE_MS = 30_000

/** Where the heartbeats go, and (only for tests) the bus's timings and a hold on what it hears (a slow network). */
export interface BusOptions {
  /**
   * Where the heartbeats are sent (not for tests): a connection of their own, so that they never wait behind busy
   * requests for one of the pool's, when the cache saves the most. Ended by the bus's close. Default: the pool.
   */
  heartbeatSql?: Sql
  leaseMs?: number
  heartbeatMs?: number
  /** Runs each notification the bus hears, of both its channels, in arrival order; a test may defer the calls. */
  hear?: (handle: () => void) => void
}

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
  /**
   * Whether this instance has heard every message committed more than BUS_LEASE_MS ago (a heartbeat sent since
   * then came back). Asking keeps the heartbeats going.
   */
  isCurrent(): boolean
  /** Resolves once no instance can still trust a copy from before now: what a user change waits after its commit. */
  settled(): Promise<void>
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
    // Every change is delivered here, in process, before its caller answers: nothing to wait for.
    isCurrent: () => true,
    async settled() {},
    async close() {},
  }
}

export const CHANNEL = 'pyoraapu_events'

/**
 * A request change on the wire names its previous helper `previousResponderId`, as it did before the code took the
 * glossary's "helper": instances of two versions side by side during a rolling upgrade (docs/deploying.md,
 * "Upgrading") still understand each other. Rename it on the wire only in a release that stops every instance.
 */
type OnTheWire<M> = M extends RequestNews ? Omit<M, 'previousHelperId'> & { previousResponderId: number | null } : M

/** A message as a NOTIFY payload carries it. */
export function payloadOf(message: BusMessage): string {
  if (message.type !== 'request') return JSON.stringify(message)
  const { previousHelperId, ...rest } = message
  const wire: OnTheWire<RequestMessage> = { ...rest, previousResponderId: previousHelperId }
  return JSON.stringify(wire)
}

/** A NOTIFY payload as a message (throws on one that is not JSON). */
export function messageOf(payload: string): BusMessage {
  const wire = JSON.parse(payload) as OnTheWire<BusMessage>
  if (wire.type !== 'request') return wire
  const { previousResponderId, ...rest } = wire
  return { ...rest, previousHelperId: previousResponderId }
}

/**
 * Sends a message to every instance listening on this PostgreSQL server. Other processes on the same database
 * (the admin script) use it too, so the channel name and the payload format live only here.
 */
export async function notifyInstances(sql: Queryable, message: BusMessage): Promise<void> {
  await notify(sql, payloadOf(message))
}

async function notify(sql: Queryable, payload: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${payload})`
}

/**
 * Several instances on one PostgreSQL server: every instance hears every change through LISTEN/NOTIFY. Besides the
 * shared channel each instance listens on one of its own for its heartbeats: PostgreSQL delivers the notifications
 * of every channel to a listener in commit order, so a heartbeat that comes back proves that every message committed
 * before it was sent has been heard (docs/adr/0010-session-cache.md).
 */
export async function postgresBus(
  sql: Sql,
  log: { warn(obj: object, msg: string): void },
  {
    leaseMs = BUS_LEASE_MS,
    heartbeatMs = BUS_HEARTBEAT_MS,
    hear = (handle) => handle(),
    heartbeatSql = sql,
  }: BusOptions = {},
): Promise<EventBus> {
  const listeners: Array<(message: BusMessage) => void> = []
  const origin = randomUUID()
  const resyncListeners: Array<() => void> = []
  let listening = false
  const heartbeats = new Heartbeats(heartbeatSql, `${CHANNEL}_${origin.replaceAll('-', '')}`, leaseMs, heartbeatMs)
  // What this instance sends on the shared channel: numbered, so that it vouches for the bus when it comes back.
  const own = (message: BusMessage) => payloadOf({ ...message, origin, vouch: heartbeats.vouch() })
  const subscription = await sql.listen(
    CHANNEL,
    (payload) =>
      hear(() => {
        let message: BusMessage
        try {
          message = messageOf(payload)
        } catch (error) {
          log.warn({ err: error, payload }, 'ignoring a malformed event')
          return
        }
        if (message.origin === origin) {
          if (typeof message.vouch === 'number') heartbeats.heard(message.vouch)
          return
        }
        listeners.forEach((listener) => listener(message))
      }),
    // postgres.js calls this on the first LISTEN and again after every reconnect.
    () => {
      heartbeats.relistened()
      if (listening) resyncListeners.forEach((listener) => listener())
      listening = true
    },
  )
  const beats = await sql.listen(
    heartbeats.channel,
    (payload) => hear(() => heartbeats.heard(Number(payload))),
    () => heartbeats.relistened(),
  )
  const timer = setInterval(() => heartbeats.tick(), heartbeatMs)
  timer.unref()
  return {
    publish: (message) => notify(sql, own(message)),
    announce: (tx, message) => notify(tx, own(message)),
    notice: (message) => ({ channel: CHANNEL, payload: own(message) }),
    onMessage: (listener) => void listeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    isCurrent: () => heartbeats.current(),
    settled: () => new Promise((resolve) => setTimeout(resolve, leaseMs)),
    async close() {
      clearInterval(timer)
      await beats.unlisten()
      await subscription.unlisten()
      if (heartbeatSql !== sql) await heartbeatSql.end({ timeout: 1 })
    },
  }
}

/**
 * The heartbeats of one instance's bus: numbered NOTIFYs, each remembered with the time it was sent (this process's
 * monotonic clock). One that comes back vouches for the bus from its sending time on. Besides the heartbeats proper
 * (to the instance's own channel), every message the instance itself sends on the shared channel carries a number
 * (`vouch`): it commits after it was numbered, so when it comes back it vouches just as a heartbeat would, and a
 * heartbeat is sent only when none of them came back within a heartbeat's interval. At a few changes a second, the
 * changes keep the bus current by themselves.
 */
class Heartbeats {
  private next = 0
  /** Numbers below this were given out before the latest (re)LISTEN: they vouch for nothing. */
  private firstValid = 0
  /** Given out and not yet back, by number: when each was sent (a message whose transaction rolls back never is). */
  private readonly pending = new Map<number, number>()
  /** The heartbeat proper on its way, if any: one at a time. */
  private beating: number | undefined
  /** When the newest number that came back was given out; undefined until one has, since the latest (re)LISTEN. */
  private vouchedSince: number | undefined
  private askedAt = -Infinity

  constructor(
    private readonly sql: Sql,
    readonly channel: string,
    private readonly leaseMs: number,
    private readonly heartbeatMs: number,
  ) {}

  current(): boolean {
    const now = performance.now()
    this.askedAt = now
    const current = this.vouchedSince !== undefined && now - this.vouchedSince < this.leaseMs
    // The first question after a quiet spell starts the heartbeats at once rather than at the next tick.
    if (!current && this.beating === undefined) this.send()
    return current
  }

  /**
   * Each tick, while asked lately: a heartbeat, unless one is on its way or something this instance sent vouched
   * for the bus within the interval. Numbers not back within a lease are given up (a lost or rolled-back NOTIFY).
   */
  tick(): void {
    const now = performance.now()
    for (const [number, sentAt] of this.pending) if (now - sentAt >= this.leaseMs) this.forget(number)
    const fresh = this.vouchedSince !== undefined && now - this.vouchedSince < this.heartbeatMs
    if (now - this.askedAt < BUS_IDLE_MS && this.beating === undefined && !fresh) this.send()
  }

  /** A number for a message this instance sends now on the shared channel: it vouches when it comes back. */
  vouch(): number {
    const number = this.next++
    this.pending.set(number, performance.now())
    return number
  }

  heard(number: number): void {
    const sentAt = this.pending.get(number)
    this.forget(number)
    if (sentAt === undefined || number < this.firstValid) return
    this.vouchedSince = Math.max(this.vouchedSince ?? sentAt, sentAt)
  }

  /**
   * A channel was listened to again after a reconnect: messages of the gap are lost, and a number given out before
   * now may come back without proving anything about them.
   */
  relistened(): void {
    this.firstValid = this.next
    this.vouchedSince = undefined
  }

  private forget(number: number): void {
    this.pending.delete(number)
    if (this.beating === number) this.beating = undefined
  }

  private send(): void {
    const number = this.vouch()
    this.beating = number
    // A heartbeat that fails is simply not heard: the bus is not vouched for, and the next tick tries again.
    this.sql`select pg_notify(${this.channel}, ${String(number)})`.catch(() => this.forget(number))
  }
}
