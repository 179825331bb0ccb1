import type { Queryable } from '../db/queryable.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { helpsNow } from '../domain/accounts/help-now.ts'
import { noBlockWith } from '../domain/blocks/blocked-either-way.ts'

/**
 * How many of the nearest not yet alerted subscribers one wave looks at, at most. Whoever's own radius reaches the
 * request among them is chosen, nearest first. The bound keeps a wave's cost fixed where few people reach (a remote
 * place, small radii): without it the index scan would walk every user in the country to find nobody.
 */
export const WAVE_SCAN_LIMIT = 2000

export interface WaveRecipient {
  user_id: number
  language: Language
  /**
   * The distance (docs/product.md#help-requests) from the user's location to the request, in km; null for a request
   * without a location.
   */
  distance_km: number | null
}

/** The request a wave is for: a test request aside (adminRecipients), with or without a location. */
export interface WaveRequest {
  request_id: number
  owner_id: number
  latitude: number | null
  longitude: number | null
}

/** A request with a location: its waves go to the nearest helpers. */
export interface WaveTarget extends WaveRequest {
  latitude: number
  longitude: number
}

/**
 * Whether a user (the row `who` of the query) may be alerted of a new request now: outside their quiet hours and
 * under their hourly cap (migration 00010). Only a hint for choosing: the cap is enforced by claiming with
 * alert-quota.ts, which two waves at once cannot both pass. The count of recent alerts reads one row by primary key.
 */
function mayBeAlertedNow(sql: Queryable, who: 'u' | 'nearest') {
  const user = sql(who)
  return sql`
    not in_quiet_hours(${user}.quiet_start, ${user}.quiet_end, now())
    and (
      select count(*) from push_alert_quota q, unnest(q.recent) as sent(at)
      where q.user_id = ${user}.user_id and sent.at > now() - interval '1 hour'
    ) < ${user}.hourly_alert_cap
  `
}

/** Not one of `excluded`: those a wave already chose or was refused, while it fills its places. */
const notExcluded = (sql: Queryable, excluded: readonly number[]) =>
  sql`u.user_id <> all(${excluded as number[]}::int[])`

/**
 * The next `count` helpers for a request, among the users who share a location: subscribed to push, not its owner,
 * available to help ("I can help now" on, migration 00020), not alerted of it yet, not `excluded` (already chosen
 * or refused by this wave), outside their quiet hours and under their hourly cap (mayBeAlertedNow), and reached by
 * it (the reach rule of server/domain/requests/reach.ts). For a request with a location that is whoever's own
 * radius reaches it (the distance_km function of migration 00009), nearest first: a nearest-neighbour scan of the
 * users_nearness_idx GiST index finds them without reading anyone farther than needed. A request without a location
 * reaches everyone, and with no distance to go by its waves go to those who reported their location most recently,
 * the likeliest to be out riding now (users_location_recency_idx).
 */
export async function nextWaveRecipients(
  sql: Queryable,
  request: WaveRequest,
  count: number,
  excluded: readonly number[] = [],
): Promise<WaveRecipient[]> {
  if (count <= 0) return []
  const { latitude, longitude } = request
  if (latitude === null || longitude === null) return recentQuery(sql, request, count, excluded)
  return waveQuery(sql, { ...request, latitude, longitude }, count, excluded)
}

function recentQuery(sql: Queryable, request: WaveRequest, count: number, excluded: readonly number[]) {
  return sql<WaveRecipient[]>`
    select u.user_id, u.language, null::float8 as distance_km
    from users u
    where u.nearness is not null
      and u.user_id <> ${request.owner_id}
      and ${helpsNow(sql, 'u')}
      and ${noBlockWith(sql, 'u', request.owner_id)}
      and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
      and not exists (select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id)
      and ${notExcluded(sql, excluded)}
      and ${mayBeAlertedNow(sql, 'u')}
    order by u.location_updated_at desc nulls last, u.user_id
    limit ${count}
  `
}

/**
 * Up to `count` subscribers who share no location (not the owner, available to help, not alerted yet, not
 * `excluded`, outside their quiet hours and under their cap). Every request reaches them
 * (docs/product.md#live-updates-and-push: a user who shares no location gets all requests and alerts), and with no
 * distance they have no place among the nearest, so they come with a request's first wave.
 */
export async function unlocatedRecipients(
  sql: Queryable,
  request: { request_id: number; owner_id: number },
  count: number,
  excluded: readonly number[] = [],
): Promise<WaveRecipient[]> {
  if (count <= 0) return []
  return sql<WaveRecipient[]>`
    select u.user_id, u.language, null::float8 as distance_km
    from users u
    where u.nearness is null
      and u.user_id <> ${request.owner_id}
      and ${helpsNow(sql, 'u')}
      and ${noBlockWith(sql, 'u', request.owner_id)}
      and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
      and not exists (select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id)
      and ${notExcluded(sql, excluded)}
      and ${mayBeAlertedNow(sql, 'u')}
    order by u.user_id
    limit ${count}
  `
}

/** The query itself, not yet run: the bench wraps it in EXPLAIN ANALYZE. */
export function waveQuery(sql: Queryable, request: WaveTarget, count: number, excluded: readonly number[] = []) {
  const { request_id, owner_id, latitude, longitude } = request
  return sql<WaveRecipient[]>`
    select nearest.user_id, nearest.language, nearest.distance_km
    from (
      select u.user_id, u.language, u.radius, u.quiet_start, u.quiet_end, u.hourly_alert_cap,
        distance_km(u.latitude, u.longitude, ${latitude}::float8, ${longitude}::float8) as distance_km
      from users u
      where u.nearness is not null
        and u.user_id <> ${owner_id}
        and ${helpsNow(sql, 'u')}
        and ${noBlockWith(sql, 'u', owner_id)}
        and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
        and not exists (select 1 from push_alerts a where a.request_id = ${request_id} and a.user_id = u.user_id)
        and ${notExcluded(sql, excluded)}
      order by u.nearness <-> nearness_point(${latitude}::float8, ${longitude}::float8)
      limit ${WAVE_SCAN_LIMIT}
    ) nearest
    -- Quiet hours and the cap are looked up for those within reach only: where nobody reaches, the scan of
    -- WAVE_SCAN_LIMIT users does not pay a quota lookup for each.
    where nearest.distance_km <= nearest.radius and ${mayBeAlertedNow(sql, 'nearest')}
    limit ${count}
  `
}

/**
 * Test requests reach admins only, all at once, as the live list shows them (server/events/recipients.ts). Quiet
 * hours, the cap and "I can help now" do not apply, and these alerts do not count toward the cap: an admin makes a
 * test request to see that push works, now, and a test that stayed silent would look like a fault.
 */
export async function adminRecipients(sql: Queryable, request: { request_id: number; owner_id: number }) {
  return sql<Array<{ user_id: number; language: Language }>>`
    select u.user_id, u.language
    from users u
    where u.is_admin and u.user_id <> ${request.owner_id}
      and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
      and not exists (select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id)
  `
}
