import type { Queryable } from '../db/queryable.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { helpsNow } from '../domain/accounts/help-now.ts'
import { noBlockWith } from '../domain/blocks/blocked-either-way.ts'
import { CATEGORY_ABILITIES, fittingItem, LANGUAGE_CODES, type AbilityItem } from '../domain/shared/abilities.ts'
import type { RequestCategory } from '../domain/shared/categories.ts'

/**
 * How many of the nearest not yet alerted subscribers one wave looks at, at most. Whoever's own radius reaches the
 * request among them is chosen, nearest first. The bound keeps a wave's cost fixed where few people reach (a remote
 * place, small radii): without it the index scan would walk every user in the country to find nobody.
 */
export const WAVE_SCAN_LIMIT = 2000

/**
 * "Equally near" (docs/live-and-push.md, "Wave order"): among the candidates of a wave, a helper whose abilities fit
 * the request counts as this much nearer than they are, and one who speaks the owner's language as
 * LANGUAGE_HEAD_START_KM nearer. So a fitting helper comes before anyone who does not fit and is less than 2 km
 * nearer, and among helpers who fit alike, one who speaks the owner's language before anyone less than 1 km nearer.
 * Reach is still the real distance: a head start never brings in someone whose radius does not reach.
 */
export const ABILITY_HEAD_START_KM = 2
export const LANGUAGE_HEAD_START_KM = 1

export interface WaveRecipient {
  user_id: number
  language: Language
  /**
   * The distance (docs/product.md#help-requests) from the user's location to the request, in km; null for a request
   * without a location.
   */
  distance_km: number | null
  /**
   * The item of the helper's abilities that fits the request, the most relevant (shared/abilities.ts: the reason
   * their alert gives); null when none fits or the category prefers none.
   */
  ability: AbilityItem | null
}

/** The request a wave is for: a test request aside (adminRecipients), with or without a location. */
export interface WaveRequest {
  request_id: number
  owner_id: number
  latitude: number | null
  longitude: number | null
  /** Its category: helpers whose abilities fit it come first (docs/product.md#abilities). Absent: no preference. */
  category?: RequestCategory
  /** The owner's app language: helpers who speak it come first among those who fit alike. Absent: no preference. */
  owner_language?: Language
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
function mayBeAlertedNow(sql: Queryable, who: 'u' | 'nearest' | 'recent') {
  const user = sql(who)
  return sql`
    not in_quiet_hours(${user}.quiet_start, ${user}.quiet_end, now())
    and (
      select count(*) from push_alert_quota q, unnest(q.recent) as sent(at)
      where q.user_id = ${user}.user_id and sent.at > now() - interval '1 hour'
    ) < ${user}.hourly_alert_cap
  `
}

/** Whether the user `u` has an ability that fits the request's category (false for all where it prefers none). */
function fitsRequest(sql: Queryable, category: RequestCategory | undefined) {
  const items = (category && CATEGORY_ABILITIES[category]?.items) || []
  // A cast, not a bare constant: PostgreSQL refuses a constant in ORDER BY.
  if (items.length === 0) return sql`false::boolean`
  return sql`(u.ability_kit && ${items as string[]}::text[] or u.ability_transport && ${items as string[]}::text[])`
}

/** Whether the user `u` speaks the owner's language: it is their app's language, or one they ticked. */
function speaksOwnersLanguage(sql: Queryable, language: Language | undefined) {
  if (!language) return sql`false::boolean`
  return sql`(u.language = ${language} or ${LANGUAGE_CODES[language]} = any(u.ability_languages))`
}

/** The columns the ranking needs, read from the users row `u` that the scan has fetched anyway. */
const rankingColumns = (sql: Queryable, request: WaveRequest) => sql`
  u.ability_kit, u.ability_transport,
  ${fitsRequest(sql, request.category)} as fits, ${speaksOwnersLanguage(sql, request.owner_language)} as speaks
`

interface RankedRow {
  user_id: number
  language: Language
  distance_km: number | null
  ability_kit: string[]
  ability_transport: string[]
}

/** A ranked row as a recipient, with the item its alert will name. */
const recipientsOf = (rows: readonly RankedRow[], category: RequestCategory | undefined): WaveRecipient[] =>
  rows.map(({ user_id, language, distance_km, ability_kit, ability_transport }) => ({
    user_id,
    language,
    distance_km,
    ability: category ? fittingItem(category, { kit: ability_kit, transport: ability_transport }) : null,
  }))

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
 *
 * Within the candidates so found, the wave order of docs/live-and-push.md: those whose abilities fit the request's
 * category and those who speak the owner's language get a head start (ABILITY_HEAD_START_KM), so they come before
 * others about as near; nobody is left out for having ticked nothing, they only come after.
 */
export async function nextWaveRecipients(
  sql: Queryable,
  request: WaveRequest,
  count: number,
  excluded: readonly number[] = [],
): Promise<WaveRecipient[]> {
  if (count <= 0) return []
  const { latitude, longitude } = request
  const rows =
    latitude === null || longitude === null
      ? await recentQuery(sql, request, count, excluded)
      : await waveQuery(sql, { ...request, latitude, longitude }, count, excluded)
  return recipientsOf(rows, request.category)
}

/**
 * A request without a location: among the WAVE_SCAN_LIMIT who reported their location most recently, those whose
 * abilities fit first, then those who speak the owner's language, then the most recent. With no distance to weigh
 * them against, fitting comes first outright.
 */
function recentQuery(sql: Queryable, request: WaveRequest, count: number, excluded: readonly number[]) {
  return sql<RankedRow[]>`
    select recent.user_id, recent.language, null::float8 as distance_km, recent.ability_kit, recent.ability_transport
    from (
      select scanned.*
      from (
        select u.user_id, u.language, u.quiet_start, u.quiet_end, u.hourly_alert_cap, u.location_updated_at,
          ${rankingColumns(sql, request)}
        from users u
        where u.nearness is not null
          and u.user_id <> ${request.owner_id}
          and ${helpsNow(sql, 'u')}
          and ${noBlockWith(sql, 'u', request.owner_id)}
          and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
          and not exists (
            select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id
          )
          and ${notExcluded(sql, excluded)}
        order by u.location_updated_at desc nulls last, u.user_id
        limit ${WAVE_SCAN_LIMIT}
      ) scanned
      order by scanned.fits desc, scanned.speaks desc, scanned.location_updated_at desc nulls last, scanned.user_id
      -- A fence: the filter below is not pushed under the sort, so it is evaluated for those taken only.
      offset 0
    ) recent
    where ${mayBeAlertedNow(sql, 'recent')}
    order by recent.fits desc, recent.speaks desc, recent.location_updated_at desc nulls last, recent.user_id
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
  request: WaveRequest,
  count: number,
  excluded: readonly number[] = [],
): Promise<WaveRecipient[]> {
  if (count <= 0) return []
  // Those whose abilities fit first, then those who speak the owner's language: it matters only when fewer places
  // are left than there are such subscribers (ALERT_MAX_RECIPIENTS).
  const rows = await sql<RankedRow[]>`
    select u.user_id, u.language, null::float8 as distance_km, u.ability_kit, u.ability_transport
    from users u
    where u.nearness is null
      and u.user_id <> ${request.owner_id}
      and ${helpsNow(sql, 'u')}
      and ${noBlockWith(sql, 'u', request.owner_id)}
      and exists (select 1 from push_subscriptions s where s.user_id = u.user_id)
      and not exists (select 1 from push_alerts a where a.request_id = ${request.request_id} and a.user_id = u.user_id)
      and ${notExcluded(sql, excluded)}
      and ${mayBeAlertedNow(sql, 'u')}
    order by ${fitsRequest(sql, request.category)} desc, ${speaksOwnersLanguage(sql, request.owner_language)} desc,
      u.user_id
    limit ${count}
  `
  return recipientsOf(rows, request.category)
}

/** The query itself, not yet run: the bench wraps it in EXPLAIN ANALYZE. */
export function waveQuery(sql: Queryable, request: WaveTarget, count: number, excluded: readonly number[] = []) {
  const { request_id, owner_id, latitude, longitude } = request
  // The scan and the reach filter as ever; within what they leave, the ranking of ABILITY_HEAD_START_KM (a sort of
  // at most WAVE_SCAN_LIMIT rows in memory), then quiet hours and the cap for the ranked ones until `count` pass.
  return sql<RankedRow[]>`
    select nearest.user_id, nearest.language, nearest.distance_km, nearest.ability_kit, nearest.ability_transport
    from (
      select reaching.*,
        reaching.distance_km
          - case when reaching.fits then ${ABILITY_HEAD_START_KM}::float8 else 0 end
          - case when reaching.speaks then ${LANGUAGE_HEAD_START_KM}::float8 else 0 end as ranked_km
      from (
        select u.user_id, u.language, u.radius, u.quiet_start, u.quiet_end, u.hourly_alert_cap,
          distance_km(u.latitude, u.longitude, ${latitude}::float8, ${longitude}::float8) as distance_km,
          ${rankingColumns(sql, request)}
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
      ) reaching
      where reaching.distance_km <= reaching.radius
      order by ranked_km, reaching.distance_km, reaching.user_id
      -- A fence: the filter below is not pushed under the sort, so quiet hours and the cap are looked up for the
      -- ranked ones only until enough pass, not for every user the scan found within reach.
      offset 0
    ) nearest
    where ${mayBeAlertedNow(sql, 'nearest')}
    order by nearest.ranked_km, nearest.distance_km, nearest.user_id
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
