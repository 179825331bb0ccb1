import fp from 'fastify-plugin'
import type { TransactionWork } from '../domain/requests/change-types.ts'
import {
  inProcessBus,
  postgresBus,
  type AnnouncedMessage,
  type BusMessage,
  type BusOptions,
  type ConversationNews,
  type PositionNews,
  type RequestMessage,
  type ThanksNews,
  type UserNews,
} from '../events/bus.ts'
import { deliverConversation } from '../events/conversation-delivery.ts'
import { deliverThanks } from '../events/thanks-delivery.ts'
import { deliverPosition } from '../events/position-delivery.ts'
import { EventHub, TOKEN_EXPIRY_GRACE_MS } from '../events/hub.ts'
import { HEARTBEAT_MS, HEARTBEAT_TURNS } from '../events/heartbeat-turns.ts'
import { LIVE_REPORT_MS, LiveStats } from '../events/live-stats.ts'
import {
  MESSAGE_BURST,
  MESSAGE_REFILL_MS,
  SOCKETS_PER_USER,
  UNAUTHENTICATED_SOCKETS_PER_ADDRESS,
  WaitingSockets,
} from '../events/socket-limits.ts'

/** The stream's bounds from the settings, and timings changed only by tests (an expiry test cannot wait a minute). */
export interface EventsOptions {
  /** LIVE_SOCKETS_PER_USER. */
  socketsPerUser?: number
  /** LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS. */
  unauthenticatedPerAddress?: number
  /** How often one more message is allowed per socket (server/events/socket-limits.ts). */
  messageRefillMs?: number
  /** How often each socket is pinged and checked for an expired token (in HEARTBEAT_TURNS turns). */
  heartbeatMs?: number
  tokenExpiryGraceMs?: number
  /** How often this instance reports its connection counts for the admin stats. */
  liveReportMs?: number
  /** Runs between a change's commit and its delivery here: a test kills the process in it, as a crash would. */
  afterCommit?: () => void | Promise<void>
  /** The bus's lease and heartbeat, and a hold on what it hears (server/events/bus.ts). */
  bus?: BusOptions
}

declare module 'fastify' {
  interface FastifyInstance {
    events: {
      hub: EventHub
      /** The bounds GET /api/events enforces before a socket reaches the hub. */
      limits: { waiting: WaitingSockets; messageBurst: number; messageRefillMs: number }
      /** This instance's share of the admin's "connected now" figures. */
      live: LiveStats
      /**
       * Tells every instance about a committed change. Never fails the caller: the change is already saved. A `user`
       * message resolves only once no instance can still answer from a copy of the user from before it (a change
       * that must reach every instance even if this NOTIFY fails is announced in its transaction instead).
       */
      publish(message: BusMessage): Promise<void>
      /**
       * Runs `work` in a transaction in which it announces the request changes, conversation messages and thank-yous
       * it makes: they reach the other instances at commit, atomically with it (NOTIFY), and this instance's clients
       * right after the commit.
       */
      transaction<T>(work: TransactionWork<T>): Promise<T>
      /** Hears every message this instance delivers: its own and the other instances'. */
      onMessage(listener: (message: BusMessage) => void): void
      /** Hears that messages may have been missed (the bus reconnected): whatever they keep current, reload. */
      onResync(listener: () => void): void
    }
  }
}

/** The largest message a client may send on the event stream: an auth message with a token fits many times. */
export const EVENT_STREAM_MAX_PAYLOAD = 16 * 1024

/** The event hub and bus, on top of @fastify/websocket (registered in app.ts). */
export default fp<EventsOptions>(
  async (
    app,
    {
      socketsPerUser = SOCKETS_PER_USER,
      unauthenticatedPerAddress = UNAUTHENTICATED_SOCKETS_PER_ADDRESS,
      messageRefillMs = MESSAGE_REFILL_MS,
      heartbeatMs = HEARTBEAT_MS,
      tokenExpiryGraceMs = TOKEN_EXPIRY_GRACE_MS,
      liveReportMs = LIVE_REPORT_MS,
      afterCommit = () => {},
      bus: busOptions,
    },
  ) => {
    const bus =
      app.db.mode === 'server'
        ? await postgresBus(app.sql, app.log, { heartbeatSql: app.db.ownConnection?.(), ...busOptions })
        : inProcessBus()
    const hub = new EventHub(app.sql, app.log, { tokenExpiryGraceMs, socketsPerUser })
    // Copies of sessions are answered from only while this instance hears every change (docs/adr/0010-session-cache.md).
    app.sessionCache.trustWhile(() => bus.isCurrent())
    const listeners: Array<(message: BusMessage) => void> = []
    const tellListeners = (message: BusMessage) => {
      // First, before anything else can ask for them: the changed user's session copies go.
      if (message.type === 'user') app.sessionCache.dropUser(message.userId)
      for (const listener of listeners) listener(message)
    }
    bus.onMessage((message) => {
      tellListeners(message)
      hub
        .deliver(message)
        .catch((error: unknown) => app.log.warn({ err: error, message }, 'delivering an event failed'))
    })
    bus.onResync(() => {
      // Messages may have been missed: no copy can be known current.
      app.sessionCache.clear()
      hub.refetchAll()
    })

    const heartbeat = setInterval(() => hub.heartbeat(), heartbeatMs / HEARTBEAT_TURNS)
    heartbeat.unref()

    const live = new LiveStats(app.sql, hub)
    const reportLive = () => {
      live.report().catch((error: unknown) => app.log.warn({ err: error }, 'reporting live counts failed'))
    }
    const liveReport = setInterval(reportLive, liveReportMs)
    liveReport.unref()

    app.decorate('events', {
      hub,
      limits: {
        waiting: new WaitingSockets(unauthenticatedPerAddress),
        messageBurst: MESSAGE_BURST,
        messageRefillMs,
      },
      live,
      async publish(message: BusMessage) {
        tellListeners(message)
        await bus
          .publish(message)
          .catch((error: unknown) => app.log.warn({ err: error, message }, 'publishing an event failed'))
        // From the NOTIFY's commit on, every instance hears it or stops trusting its copies within the lease.
        const settled = message.type === 'user' ? bus.settled() : undefined
        await hub
          .deliver(message)
          .catch((error: unknown) => app.log.warn({ err: error, message }, 'delivering an event failed'))
        await settled
      },
      async transaction<T>(work: TransactionWork<T>): Promise<T> {
        // What to deliver here after the commit, in the order it was announced.
        const announced: Array<{ message: AnnouncedMessage; deliver: () => Promise<void> }> = []
        const result = (await app.sql.begin(async (tx) =>
          work(tx, {
            request: async (change, row, notified) => {
              const message: RequestMessage = { type: 'request', ...change }
              if (!notified) await bus.announce(tx, message)
              // A row read in the transaction needs no read at all; without one, one read serves every client.
              const deliver = row ? async () => hub.deliverRow(message, row) : () => hub.deliver(message)
              announced.push({ message, deliver })
            },
            message: async (row, notified) => {
              const message: ConversationNews = {
                type: 'conversation',
                requestId: row.message.request_id,
                messageId: row.message.message_id,
              }
              if (!notified) await bus.announce(tx, message)
              announced.push({ message, deliver: () => deliverConversation(hub, app.sql, message, row) })
            },
            position: async (requestId, row, notified) => {
              const message: PositionNews = { type: 'position', requestId }
              if (!notified) await bus.announce(tx, message)
              announced.push({ message, deliver: () => deliverPosition(hub, app.sql, message, row) })
            },
            thanks: async (row, notified) => {
              const message: ThanksNews = { type: 'thanks', requestId: row.request_id }
              if (!notified) await bus.announce(tx, message)
              announced.push({ message, deliver: () => deliverThanks(hub, app.sql, message, row) })
            },
            notice: (message) => bus.notice(message),
            user: async (userId) => {
              const message: UserNews = { type: 'user', userId }
              await bus.announce(tx, message)
              announced.push({ message, deliver: () => hub.deliver(message) })
            },
          }),
        )) as T
        const settled = announced.some(({ message }) => message.type === 'user') ? bus.settled() : undefined
        await afterCommit()
        for (const { message, deliver } of announced) {
          tellListeners(message)
          // The change is saved whatever happens here: a delivery that fails is logged, never the caller's error.
          await deliver().catch((error: unknown) => app.log.warn({ err: error, message }, 'delivering an event failed'))
        }
        await settled
        return result
      },
      onMessage: (listener) => void listeners.push(listener),
      onResync: (listener) => bus.onResync(listener),
    })
    app.addHook('onClose', async () => {
      hub.progress.clear()
      clearInterval(heartbeat)
      clearInterval(liveReport)
      await live
        .forget()
        .catch((error: unknown) => app.log.warn({ err: error }, 'removing the live counts of this instance failed'))
      await bus.close()
    })
  },
  { name: 'events', dependencies: ['db', 'auth', '@fastify/websocket'] },
)
