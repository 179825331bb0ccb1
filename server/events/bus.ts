import type { Sql } from 'postgres'
import type { Place } from '../domain/reach.ts'
import type { RemovedBy } from '../schemas/events.ts'

/** What crosses between instances: ids only, so a NOTIFY payload stays tiny and carries no personal data. */
export type BusMessage =
  | {
      type: 'request'
      requestId: number
      previousResponderId: number | null
      /** Set when the responder left: who ended it, so the helper's other devices can tell a release from a removal. */
      removedBy?: RemovedBy
      /**
       * Set when the request moved: where it was (null: it had no location). Those it reached there and no longer
       * reaches (server/events/left-reach.ts) are sent `request.hidden`, so nobody keeps a copy they may not see.
       */
      previousPlace?: Place
    }
  /** This user's account, role or sessions changed: every instance reloads the user and ends sockets of ended sessions. */
  | { type: 'user'; userId: number }
  /** The service map's list changed (added, replaced, deleted, imported): every app reloads it. */
  | { type: 'services' }

export interface EventBus {
  publish(message: BusMessage): Promise<void>
  onMessage(listener: (message: BusMessage) => void): void
  /** The bus may have missed messages (its connection dropped and came back): clients should refetch. */
  onResync(listener: () => void): void
  close(): Promise<void>
}

/** Embedded mode is one process: events stay in it (PGlite's NOTIFY reaches only the notifying connection). */
export function inProcessBus(): EventBus {
  const listeners: Array<(message: BusMessage) => void> = []
  return {
    async publish(message) {
      setImmediate(() => listeners.forEach((listener) => listener(message)))
    },
    onMessage: (listener) => void listeners.push(listener),
    onResync: () => {},
    async close() {},
  }
}

const CHANNEL = 'pyoraapu_events'

/**
 * Sends a message to every instance listening on this PostgreSQL server. Other processes on the same database
 * (the admin script) use it too, so the channel name and the payload format live only here.
 */
export async function notifyInstances(sql: Sql, message: BusMessage): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`
}

/** Several instances on one PostgreSQL server: every instance hears every change through LISTEN/NOTIFY. */
export async function postgresBus(sql: Sql, log: { warn(obj: object, msg: string): void }): Promise<EventBus> {
  const listeners: Array<(message: BusMessage) => void> = []
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
      listeners.forEach((listener) => listener(message))
    },
    // postgres.js calls this on the first LISTEN and again after every reconnect.
    () => {
      if (listening) resyncListeners.forEach((listener) => listener())
      listening = true
    },
  )
  return {
    publish: (message) => notifyInstances(sql, message),
    onMessage: (listener) => void listeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    close: () => subscription.unlisten(),
  }
}
