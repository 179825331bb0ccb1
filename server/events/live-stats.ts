import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/queryable.ts'
import type { EventHub } from './hub.ts'

/** How often an instance writes its connection counts to the live_instances table. */
export const LIVE_REPORT_MS = 10_000
/** A row older than this is an instance that stopped without saying so (killed, lost its database): not counted. */
export const LIVE_REPORT_FRESH_SECONDS = 30

export interface LiveCounts {
  connected_clients: number
  connected_users: number
}

/**
 * The admin's "connected now" across every instance. Each instance only knows its own sockets (EventHub.clients),
 * so each writes them to its row of live_instances: the socket count and the distinct user ids. The figures are
 * the sum of the sockets and the number of distinct ids over all fresh rows, so a user with a phone on one
 * instance and a laptop on another is one user. An id array per instance stays small (a few bytes per user:
 * fine up to tens of thousands of connected users); beyond that a HyperLogLog sketch would be the next step.
 */
export class LiveStats {
  readonly instanceId = randomUUID()

  constructor(
    private readonly sql: Queryable,
    private readonly hub: EventHub,
  ) {}

  /** Writes this instance's current counts; called on a timer and before the stats are read. */
  async report(): Promise<void> {
    const userIds = [...new Set([...this.hub.clients].map((client) => client.user.user_id))]
    await this.sql`
      insert into live_instances (instance_id, clients, user_ids, reported_at)
      values (${this.instanceId}, ${this.hub.clients.size}, ${userIds}::int[], now())
      on conflict (instance_id) do update
      set clients = excluded.clients, user_ids = excluded.user_ids, reported_at = excluded.reported_at
    `
    // Rows of instances that were killed without deleting theirs: every instance starts with a new id.
    await this.sql`delete from live_instances where reported_at < now() - interval '1 hour'`
  }

  /** On shutdown: this instance's sockets are gone, whatever the last report said. */
  async forget(): Promise<void> {
    await this.sql`delete from live_instances where instance_id = ${this.instanceId}`
  }
}

export async function liveCounts(sql: Queryable): Promise<LiveCounts> {
  const [row] = await sql<LiveCounts[]>`
    with fresh as (
      select clients, user_ids from live_instances
      where reported_at > now() - make_interval(secs => ${LIVE_REPORT_FRESH_SECONDS})
    )
    select
      (select coalesce(sum(clients), 0)::int from fresh) as connected_clients,
      (select count(distinct user_id)::int from fresh, unnest(user_ids) as user_id) as connected_users
  `
  return row!
}
