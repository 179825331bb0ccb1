import type { Sql } from 'postgres'

/** What crosses between instances: ids only, so a NOTIFY payload stays tiny and carries no personal data. */
export type BusMessage =
  | { type: 'request'; requestId: number; previousResponderId: number | null }
  | { type: 'user'; userId: number }

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
    async publish(message) {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`
    },
    onMessage: (listener) => void listeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    close: () => subscription.unlisten(),
  }
}
