import type { WebSocket } from 'ws'
import type { Queryable } from '../db/queryable.ts'
import { requestFor, requestForEvent } from '../domain/requests.ts'
import { userById, type UserRow } from '../domain/users.ts'
import type { BusMessage } from './bus.ts'
import { isRecipient } from './recipients.ts'

/** A client that lets this much unsent data pile up is not reading: it is dropped rather than buffered forever. */
export const MAX_BUFFERED_BYTES = 1024 * 1024

export interface Client {
  socket: WebSocket
  user: UserRow
  /** Answered the last ping. */
  alive: boolean
}

export type ServerEvent =
  | { type: 'ready' }
  | { type: 'refetch' }
  | { type: 'request.upserted'; request: ReturnType<typeof requestFor> }
  | { type: 'request.deleted'; request_id: number }

/** This instance's connected clients, and the rule that decides which of them hears of which change. */
export class EventHub {
  readonly clients = new Set<Client>()

  constructor(
    private readonly sql: Queryable,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  send(client: Client, event: ServerEvent): void {
    if (client.socket.readyState !== client.socket.OPEN) return
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: client.user.user_id }, 'dropping an event client that does not read')
      client.socket.terminate()
      this.clients.delete(client)
      return
    }
    client.socket.send(JSON.stringify(event))
  }

  async deliver(message: BusMessage): Promise<void> {
    if (this.clients.size === 0) return
    if (message.type === 'user') return this.reloadUser(message.userId)
    const row = await requestForEvent(this.sql, message.requestId)
    for (const client of this.clients) {
      if (!row) {
        // Gone with its owner's account: its id says nothing to anyone.
        this.send(client, { type: 'request.deleted', request_id: message.requestId })
      } else if (isRecipient(row, client.user, message.previousResponderId)) {
        this.send(
          client,
          row.deleted
            ? { type: 'request.deleted', request_id: row.request_id }
            : { type: 'request.upserted', request: requestFor(row, client.user) },
        )
      }
    }
  }

  /** A user's radius, location or role changed: their connections filter with the new values from now on. */
  private async reloadUser(userId: number): Promise<void> {
    const mine = [...this.clients].filter((client) => client.user.user_id === userId)
    if (mine.length === 0) return
    const user = await userById(this.sql, userId)
    for (const client of mine) {
      if (user) client.user = user
      else client.socket.close(4401, 'Account deleted')
    }
  }

  refetchAll(): void {
    for (const client of this.clients) this.send(client, { type: 'refetch' })
  }

  /** Pings everyone; whoever did not answer the previous ping is gone. */
  heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate()
        this.clients.delete(client)
        continue
      }
      client.alive = false
      client.socket.ping()
    }
  }
}
