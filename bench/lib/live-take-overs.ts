/**
 * Take-overs in the live-events benchmark (docs/performance.md): a take-over does more than a description edit (it
 * locks the helper too, stands the alerted helpers down and queues the owner's push), so the benchmark measures it
 * beside the edits. Requests of their own, all at one place (so every one has the same recipients), each taken
 * over once, by a helper of its own: owners and helpers are users beyond the connected ones, so the sockets that
 * must hear of a take-over are those it reaches and the admins, the same for every one.
 */
import type { Sql } from 'postgres'
import type { Fleet } from './live-fleet.ts'
import type { Target } from './live-load.ts'
import { intendedRecipients, type BenchUser, type Population } from './live-population.ts'

export interface TakeOverPool {
  requests: Array<{ request_id: number }>
  /** The helper of each request, in the same order. */
  helpers: BenchUser[]
  /** Who must hear of any one of them, by socket index (runWindow's `intended`, one entry for all). */
  intended: Array<{ mask: Uint8Array; count: number }>
}

/**
 * `count` new requests at the place of the population's first, each with an owner and a helper of its own, from
 * the users from index `spare` on (no socket connects as them: 2 × `count` of them are needed).
 */
export async function takeOverPool(
  sql: Sql,
  population: Population,
  connected: number,
  spare: number,
  count: number,
): Promise<TakeOverPool> {
  const { users } = population
  if (spare < connected || spare + 2 * count > users.length)
    throw new Error(`too few spare users for ${count} take-overs`)
  const helpers = users.slice(spare, spare + count)
  const owners = users.slice(spare + count, spare + 2 * count)
  const { latitude, longitude } = population.requests[0]!
  const requests = await sql<Array<{ request_id: number }>>`
    insert into requests (owner_id, category, description, latitude, longitude)
    select owner_id, 'other', 'Take-over request ' || ordinality, ${latitude}, ${longitude}
    from unnest(${owners.map((owner) => owner.user_id)}::int[]) with ordinality as o (owner_id, ordinality)
    order by ordinality
    returning request_id
  `
  const [chosen] = intendedRecipients(
    {
      users,
      requests: [
        {
          request_id: 0,
          ownerToken: '',
          owner_id: owners[0]!.user_id,
          responder_id: helpers[0]!.user_id,
          is_test: false,
          latitude,
          longitude,
        },
      ],
    },
    connected,
  )
  const mask = new Uint8Array(connected)
  for (const index of chosen!) mask[index] = 1
  return { requests, helpers, intended: [{ mask, count: chosen!.length }] }
}

/** The real server: the next request of the pool taken over by its helper (PUT …/addresponder). */
export function takeOverTarget(pool: TakeOverPool, fleet: () => Promise<Fleet>, url: string, pid: number): Target {
  let next = 0
  return {
    pids: [pid],
    fleet,
    async send(_requestIndex, seq) {
      const index = next++
      const request = pool.requests[index]
      const helper = pool.helpers[index]
      if (!request || !helper) throw new Error('the take-over pool is used up')
      ;(await fleet()).ledger.takenOverBy(seq, Number(helper.user_name.slice('bench'.length)))
      const answer = await fetch(`${url}/api/requests/${request.request_id}/addresponder`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${helper.token}` },
      })
      await answer.arrayBuffer()
      return answer.ok
    },
  }
}
