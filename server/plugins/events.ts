import fp from 'fastify-plugin'
import { inProcessBus, postgresBus, type BusMessage } from '../events/bus.ts'
import { EventHub, TOKEN_EXPIRY_GRACE_MS } from '../events/hub.ts'
import { LIVE_REPORT_MS, LiveStats } from '../events/live-stats.ts'

const HEARTBEAT_MS = 30_000

/** Timings, changed only by tests (an expiry test cannot wait a minute). */
export interface EventsOptions {
  /** How often sockets are pinged and expired tokens are swept. */
  heartbeatMs?: number
  tokenExpiryGraceMs?: number
  /** How often this instance reports its connection counts for the admin stats. */
  liveReportMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    events: {
      hub: EventHub
      /** This instance's share of the admin's "connected now" figures. */
      live: LiveStats
      /** Tells every instance about a committed change. Never fails the caller: the change is already saved. */
      publish(message: BusMessage): Promise<void>
    }
  }
}

/** The largest message a client may send on the event stream: an auth message with a token fits many times. */
export const EVENT_STREAM_MAX_PAYLOAD = 16 * 1024

/** The event hub and bus, on top of @fastify/websocket (registered in app.ts). */
export default fp<EventsOptions>(
  async (
    app,
    { heartbeatMs = HEARTBEAT_MS, tokenExpiryGraceMs = TOKEN_EXPIRY_GRACE_MS, liveReportMs = LIVE_REPORT_MS },
  ) => {
    const bus = app.db.mode === 'server' ? await postgresBus(app.sql, app.log) : inProcessBus()
    const hub = new EventHub(app.sql, app.log, tokenExpiryGraceMs)
    bus.onMessage((message) => {
      hub
        .deliver(message)
        .catch((error: unknown) => app.log.warn({ err: error, message }, 'delivering an event failed'))
    })
    bus.onResync(() => hub.refetchAll())

    const heartbeat = setInterval(() => hub.heartbeat(), heartbeatMs)
    heartbeat.unref()

    const live = new LiveStats(app.sql, hub)
    const reportLive = () => {
      live.report().catch((error: unknown) => app.log.warn({ err: error }, 'reporting live counts failed'))
    }
    const liveReport = setInterval(reportLive, liveReportMs)
    liveReport.unref()

    app.decorate('events', {
      hub,
      live,
      async publish(message: BusMessage) {
        await bus
          .publish(message)
          .catch((error: unknown) => app.log.warn({ err: error, message }, 'publishing an event failed'))
      },
    })
    app.addHook('onClose', async () => {
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
