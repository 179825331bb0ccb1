import type { Queryable } from '../db/queryable.ts'
import type { Language } from '../domain/user-rules.ts'

/**
 * How many of the nearest not yet alerted subscribers one wave looks at, at most. Whoever's own radius reaches the
 * request among them is chosen, nearest first. The bound keeps a wave's cost fixed where few people reach (a remote
 * place, small radii): without it the index scan would walk every user in the country to find nobody.
 */
export const WAVE_SCAN_LIMIT = 2000

export interface WaveRecipient {
  user_id: number
  language: Language
  /** SPEC 9's distance from the user's location to the request, in km. */
  distance_km: number
}

export interface WaveTarget {
  request_id: number
  owner_id: number
  latitude: number
  longitude: number
}

/**
 * The next `count` helpers for a request: subscribed to push, not its owner, not alerted of it yet, and within
 * their own radius of it (the reach rule of server/domain/reach.ts, applied by the distance_km function of
 * migration 00009), nearest first. A nearest-neighbour scan of the users_nearness_idx GiST index finds them
 * without reading anyone farther than needed.
 */
export async function nextWaveRecipients(sql: Queryable, request: WaveTarget, count: number): Promise<WaveRecipient[]> {
  if (count <= 0) return []
  return waveQuery(sql, request, count)
}

/** The query itself, not yet run: the bench wraps it in EXPLAIN ANALYZE. */
export function waveQuery(sql: Queryable, request: WaveTarget, count: number) {
  const { request_id, owner_id, latitude, longitude } = request
  return sql<WaveRecipient[]>`
    select nearest.user_id, nearest.language, nearest.distance_km
    from (
      select u.user_id, u.language, u.radius,
        distance_km(u.latitude, u.longitude, ${latitude}::float8, ${longitude}::float8) as distance_km
      from users u
      where u.nearness is not null
        and u.user_id <> ${owner_id}
        and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
        and not exists (select 1 from push_alerts a where a.request_id = ${request_id} and a.user_id = u.user_id)
      order by u.nearness <-> nearness_point(${latitude}::float8, ${longitude}::float8)
      limit ${WAVE_SCAN_LIMIT}
    ) nearest
    where nearest.distance_km <= nearest.radius
    limit ${count}
  `
}

/** Test requests reach admins only, all at once, as the live list shows them (server/events/recipients.ts). */
export async function adminRecipients(sql: Queryable, request: { request_id: number; owner_id: number }) {
  return sql<Array<{ user_id: number; language: Language }>>`
    select u.user_id, u.language
    from users u
    where u.is_admin and u.user_id <> ${request.owner_id}
      and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
      and not exists (select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id)
  `
}
