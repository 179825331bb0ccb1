import type { Static } from '@sinclair/typebox'
import type { PendingQuery, Row, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import type { RequestJsonSchema } from '../../schemas/request.ts'
import { notFound } from '../../errors.ts'
import type { RequestCategory, RequestStatus } from '../shared/categories.ts'
import { REQUEST_ERRORS } from './errors.ts'
import type { Reach } from './reach.ts'
import { admitReveal, isWithinPhoneReach, reachPlace, revealKey, type PhoneReachLimits } from '../limits/phone-reach.ts'
import { limitLock } from '../limits/locks.ts'
import type { UserRow } from '../accounts/rows.ts'
import type { EventRow, RequestRow } from './rows.ts'
import { suspendedNow } from '../moderation/in-force.ts'
import { mayActAbout, mostRecentHelper, mostRecentHelperJoin } from './people.ts'

/**
 * The shape of a request (docs/product.md#help-requests), as one particular viewer may see it (dates as ISO 8601
 * strings).
 */
export type RequestJson = Static<typeof RequestJsonSchema>

/** Who asks; `blocked_either_way` hides the requests of the users with a block between them (docs/safety.md). */
export type Viewer = Pick<UserRow, 'user_id' | 'is_admin' | 'blocked_either_way'>

/** Who looks at a request, with their stored location and radius: the phone rule needs both. */
export type RequestViewer = Viewer & Reach

/**
 * Where an answer goes. `list` is GET /api/requests and live events, sent to many; `detail` is one request the
 * viewer opened (GET /api/requests/{id}, and the answer to a change they made).
 */
export type Audience = 'list' | 'detail'

/**
 * Whether the owner's number of this request goes to this viewer, if at all, only for being near: opening (the
 * detail) a request that is not completed, not restricted to its helper, as neither of its two people nor an admin.
 * Only then do reachReveal's distance and daily cap decide.
 */
export function asksReach(row: RequestRow, viewer: Viewer, audience: Audience): boolean {
  const participant = row.owner_id === viewer.user_id || row.responder_id === viewer.user_id
  return (
    audience === 'detail' && row.status !== 'completed' && !participant && !viewer.is_admin && !row.phone_only_to_helper
  )
}

/**
 * What reach decided for a viewer asksReach names: `shown`, the owner's number (recorded); `limit`, within reach
 * but past today's cap (withheld, and the answer says so); `none`, not within reach, or not asked.
 */
export type ReachReveal = 'shown' | 'limit' | 'none'

/**
 * docs/security.md, "Phone numbers by reach": a request within the fixed distance and the viewer's radius of the place that
 * counts for their phone reach (not the list's location: that one follows every report at once), or a request
 * without location, which reaches everyone. Each such reveal is recorded in the caller's transaction, which is what
 * decides it, and withheld past the viewer's daily cap.
 */
export async function reachReveal(
  tx: TransactionSql,
  row: RequestRow,
  viewer: RequestViewer,
  limits: PhoneReachLimits,
): Promise<ReachReveal> {
  if (!asksReach(row, viewer, 'detail')) return 'none'
  if (row.latitude !== null && row.longitude !== null) {
    const place = await reachPlace(tx, viewer.user_id)
    if (isWithinPhoneReach(place, viewer.radius, row, limits.reachKm) !== true) return 'none'
  }
  return (await admitReveal(tx, viewer.user_id, row.request_id, limits.revealsPerDay)) ? 'shown' : 'limit'
}

/**
 * The phone numbers a viewer may receive (the privacy statement promises exactly this). Completed requests carry
 * none. The two people of a request always see each other's numbers, in the list too: the owner needs the helper's
 * number and the helper the owner's, also offline. Everyone else gets no number in the list; opening the request
 * shows the owner's number to admins, and to users nearby as far as `reach` (reachReveal) allows. The helper's
 * number is for the owner, the helper and admins only. An owner who chose to show their number only to the person
 * who helps (`phone_only_to_helper`) is heard by the helper alone: neither admins nor anyone nearby get it.
 */
function phonesFor(row: RequestRow, viewer: RequestViewer, audience: Audience, reach: ReachReveal) {
  if (row.status === 'completed') return { phone: null, responder_phone: null }
  const participant = row.owner_id === viewer.user_id || row.responder_id === viewer.user_id
  if (participant) return { phone: row.phone, responder_phone: row.responder_phone }
  if (audience === 'list') return { phone: null, responder_phone: null }
  const phone = row.phone_only_to_helper ? null : row.phone
  if (viewer.is_admin) return { phone, responder_phone: row.responder_phone }
  return { phone: reach === 'shown' ? phone : null, responder_phone: null }
}

/**
 * What a viewer may see. A completed request is read-only history: no phone numbers and no helper (only
 * `mayActAbout` still names its most recent helper to those who may report or block them). The view count is for the
 * owner and admins; the phones as phonesFor decides.
 */
export function requestFor(
  row: RequestRow,
  viewer: RequestViewer,
  audience: Audience,
  reach: ReachReveal = 'none',
): RequestJson {
  const own = row.owner_id === viewer.user_id
  const completed = row.status === 'completed'
  return {
    request_id: row.request_id,
    category: row.category,
    status: row.status,
    description: row.description,
    user_name: row.user_name,
    latitude: row.latitude,
    longitude: row.longitude,
    isApproximate: row.is_approximate,
    is_test: row.is_test,
    views: own || viewer.is_admin ? row.views : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    responder_id: completed ? null : row.responder_id,
    responder_user_name: completed ? null : row.responder_user_name,
    responder_distance_km: own && !completed ? row.responder_distance_km : null,
    ...phonesFor(row, viewer, audience, reach),
    phoneLimitReached: reach === 'limit',
    isOwnRequest: own,
    got_help: row.got_help,
    phoneOnlyToHelper: row.phone_only_to_helper,
    // In both audiences: a live event after a take-over, release or removal changes whom the owner may act about.
    mayActAbout: mayActAbout(viewer, row),
    // Admins alone see an open request of a suspended or banned owner, and are told why others do not.
    ...(viewer.is_admin && !completed && row.owner_suspended ? { ownerSuspended: true } : {}),
  }
}

/**
 * What `requestFor(row, viewer, 'list')` reads of the viewer: viewers with the same key get the same answer, so
 * live events shape (and serialise) a change once per key, not once per socket. Keep it in step with requestFor.
 */
export function listAudience(row: RequestRow, viewer: Viewer): number {
  return (
    (row.owner_id === viewer.user_id ? 1 : 0) |
    (row.responder_id === viewer.user_id ? 2 : 0) |
    (viewer.is_admin ? 4 : 0) |
    (row.latest_helper_id === viewer.user_id ? 8 : 0)
  )
}

/** The requests with the names and phones of RequestRow; `from`: where the request rows come from (a CTE of them). */
export const selectRequests = (sql: Queryable, extraColumns = sql``, from = sql`requests`) => sql`
  select
    r.request_id, r.owner_id, r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate,
    r.is_test, r.views, r.created_at, r.updated_at, r.completed_at, r.responder_id, r.got_help, r.phone_only_to_helper,
    r.responder_distance_km, o.user_name, o.phone, rs.user_name as responder_user_name, rs.phone as responder_phone,
    ${suspendedNow(sql, 'r.owner_id')} as owner_suspended, ${mostRecentHelper(sql)}
    ${extraColumns}
  from ${from} r
  join users o on o.user_id = r.owner_id
  left join users rs on rs.user_id = r.responder_id
  ${mostRecentHelperJoin(sql)}
`

/**
 * Test requests exist only for admins; deleted ones for nobody; those of a user with a block between them and the
 * viewer for neither of the two (docs/safety.md, "Blocks"; admins see every request, whoever they blocked); the open
 * requests of a suspended or banned owner for admins only (docs/accounts.md, "Suspension and ban"). The events'
 * rule (isRecipient, server/events/recipients.ts) is the same.
 */
export const visibleTo = (sql: Queryable, viewer: Viewer) =>
  sql`r.deleted_at is null ${
    viewer.is_admin ? sql`` : sql`and not r.is_test ${notBlocked(sql, viewer)} and not ${hiddenBySuspension(sql)}`
  }`

const notBlocked = (sql: Queryable, viewer: Viewer) =>
  viewer.blocked_either_way.length === 0
    ? sql``
    : sql`and r.owner_id <> all(${sql.array([...viewer.blocked_either_way])}::int[])`

/** SQL: an open request whose owner is suspended or banned now. Completed ones stay in everyone's history. */
const hiddenBySuspension = (sql: Queryable) => sql`(r.status <> 'completed' and ${suspendedNow(sql, 'r.owner_id')})`

/** Active, or completed less than `historyDays` before `at` (a timestamptz fragment): the list's history window. */
export const inHistory = (sql: Queryable, historyDays: number, at = sql`now()`) =>
  sql`(r.status <> 'completed' or r.completed_at > ${at} - make_interval(days => ${historyDays}))`

const RADIANS_PER_DEGREE = Math.PI / 180
/** Earth radius (docs/product.md#help-requests: the diameter halved) in km, for the latitude band below. */
const EARTH_RADIUS_KM = 12742 / 2

/**
 * Reach (docs/product.md#help-requests) in SQL, the rule of isRecipient (server/events/recipients.ts) for the list:
 * admins see every request; others their own, those they respond to, those without a location, all when they share
 * none, and the rest within their radius of their stored location. The distance is distanceKm's haversine written
 * operation by operation in the same order, so both sides compute the same double
 * (test/server/requests/list-rule.test.ts compares them). The latitude band first skips the trigonometry for most rows:
 * no point farther than the radius in latitude alone can be within it (the haversine distance is at least the latitude
 * difference's arc).
 */
export function inReach(sql: Queryable, viewer: RequestViewer) {
  if (viewer.is_admin || viewer.latitude === null || viewer.longitude === null) return sql`true`
  const { user_id: id, latitude: lat, longitude: lon, radius } = viewer
  const band = (radius / EARTH_RADIUS_KM / RADIANS_PER_DEGREE) * 1.001 + 1e-6
  const rad = sql`${RADIANS_PER_DEGREE}::float8`
  return sql`(
    r.owner_id = ${id} or coalesce(r.responder_id = ${id}, false) or r.latitude is null or (
      r.latitude between ${lat - band}::float8 and ${lat + band}::float8
      and 12742 * asin(least(1, sqrt(
        power(sin((r.latitude - ${lat}::float8) * ${rad} / 2), 2)
        + cos(${lat}::float8 * ${rad}) * cos(r.latitude * ${rad}) * power(sin((r.longitude - ${lon}::float8) * ${rad} / 2), 2)
      ))) <= ${radius}::float8
    )
  )`
}

/** One request the viewer may see, else 404 (missing, deleted and hidden test requests look alike). */
export async function findRequest(sql: Queryable, viewer: Viewer, requestId: number): Promise<RequestRow> {
  const [row] = await sql<
    RequestRow[]
  >`${selectRequests(sql)} where r.request_id = ${requestId} and ${visibleTo(sql, viewer)}`
  if (!row) throw notFound(REQUEST_ERRORS.notFound)
  return row
}

export interface LockedRequest {
  request_id: number
  owner_id: number
  status: RequestStatus
  responder_id: number | null
}

/**
 * Locks the request row for a change in this transaction (`share`: for a read that must not interleave with
 * one); 404 when the viewer may not see it. Row locks here and in lockForChange are NO KEY UPDATE: they serialise the
 * changes to a request (or a user's counted rows) without blocking other transactions that only insert rows
 * referring to it (a wave recording its alerts takes the foreign key's KEY SHARE lock). With FOR UPDATE, a
 * take-over waiting for a wave in flight (stand-down.ts) and that wave waiting for the take-over's locks deadlock.
 */
export async function lockRequest(
  sql: Queryable,
  viewer: Viewer,
  requestId: number,
  mode: 'update' | 'share' = 'update',
): Promise<LockedRequest> {
  const [row] = await sql<LockedRequest[]>`
    select r.request_id, r.owner_id, r.status, r.responder_id
    from requests r
    where r.request_id = ${requestId} and ${visibleTo(sql, viewer)}
    ${mode === 'share' ? sql`for share` : sql`for no key update`}
  `
  if (!row) throw notFound(REQUEST_ERRORS.notFound)
  return row
}

/** The request as a change locked it (lockForChange): what its statement and its pushes need to know beforehand. */
export interface LockedForChange extends LockedRequest {
  category: RequestCategory
  description: string
  latitude: number | null
  longitude: number | null
  got_help: boolean | null
  phone_only_to_helper: boolean
  /** The place that counts for the acting user's phone reach (reachPlace), for the answer to the change. */
  viewer_reach_latitude: number | null
  viewer_reach_longitude: number | null
  /** The acting user, and their name and the helper's, as the pushes name them. */
  viewer_id: number
  viewer_name: string
  helper_name: string | null
}

/**
 * The first statement of a change (server/domain/requests/change.ts): locks the acting user's row when `lockUser`
 * (rules that count a user's rows, such as active requests and running responses, serialise on it; a suspension and
 * a block hold it too), then the request's row, always in that order, and answers the request as locked, or
 * undefined when there is no such request (nothing is then locked). It checks nothing: the change's second statement does, with a snapshot taken after every wait for these
 * locks, so it sees whatever committed meanwhile (a suspension, a block, a response). `waves` 'stop' deletes the
 * request's wave row (stand-down.ts) and 'pause' takes its due time away (a take-over: a let-go resumes the search,
 * docs/live-and-push.md, "When a helper lets go"); either waits for a wave being sent right now, so that the second
 * statement sees every alert that wave recorded and no later wave starts. `revealLock` takes the acting user's phone
 * reveal lock after the row locks (admitReveal, which the answer to the change may need). A refused change rolls all
 * of it back.
 */
export async function lockForChange(
  sql: Queryable,
  viewer: Viewer,
  requestId: number,
  {
    lockUser,
    waves,
    revealLock = false,
    extraColumns = sql``,
  }: {
    lockUser: boolean
    waves: 'keep' | 'pause' | 'stop'
    revealLock?: boolean
    extraColumns?: PendingQuery<Row[]>
  },
): Promise<LockedForChange | undefined> {
  const [row] = await sql<LockedForChange[]>`
    with locked as materialized (
      select r.request_id, r.owner_id, r.status, r.responder_id, r.category, r.description, r.latitude, r.longitude,
        r.got_help, r.phone_only_to_helper
      from ${lockUser ? sql`users me, requests r` : sql`requests r`}
      where r.request_id = ${requestId} ${lockUser ? sql`and me.user_id = ${viewer.user_id}` : sql``}
      for no key update of ${lockUser ? sql`me, r` : sql`r`}
    )${
      waves === 'stop'
        ? sql`, stopped as (delete from push_waves w using locked where w.request_id = locked.request_id)`
        : waves === 'pause'
          ? sql`, paused as (update push_waves w set due_at = null from locked where w.request_id = locked.request_id)`
          : sql``
    }
    select locked.*, me.user_id as viewer_id, me.user_name as viewer_name, rs.user_name as helper_name,
      me.reach_latitude as viewer_reach_latitude, me.reach_longitude as viewer_reach_longitude
      ${revealLock ? sql`, ${limitLock(sql, sql`${revealKey(viewer.user_id)}::text`)} is null as reveal_locked` : sql``}
      ${extraColumns}
    from locked
    join users me on me.user_id = ${viewer.user_id}
    left join users rs on rs.user_id = locked.responder_id
  `
  return row
}

/** A request in any state, for deciding who hears of a change to it (deleted and test ones included). */
export async function requestForEvent(sql: Queryable, requestId: number): Promise<EventRow | undefined> {
  const [row] = await sql<EventRow[]>`
    ${selectRequests(sql, sql`, r.deleted_at is not null as deleted`)}
    where r.request_id = ${requestId}
  `
  return row
}

/** A user's requests that may still have helpers on the way (neither completed nor deleted), as events see them. */
export async function openRequestsOf(
  sql: Queryable,
  ownerId: number,
): Promise<Array<RequestRow & { deleted: boolean }>> {
  return sql<(RequestRow & { deleted: boolean })[]>`
    ${selectRequests(sql, sql`, false as deleted`)}
    where r.owner_id = ${ownerId} and r.deleted_at is null and r.status <> 'completed'
  `
}
