import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest } from '../../errors.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { inHistory, inReach, selectRequests, visibleTo, type RequestViewer } from './requests.ts'
import type { RequestRow } from './rows.ts'

/** Requests per show-all page: a screenful or two, small enough to send on a phone network. */
export const PAGE_SIZE = 100

/**
 * A sync cursor's time is this much before the list was read. A change is stamped with its transaction's start
 * (`now()`), which may commit after a list read that started later: such a change would be older than the
 * cursor yet unseen. Every change younger than the overlap is sent again instead (a repeat is harmless: the
 * client keeps the copy with the newest updated_at).
 */
const SYNC_OVERLAP = '30 seconds'

/**
 * How long a sync cursor is good for. Requests deleted with their owner's account leave a tombstone this long
 * (kept a day more, ../shared/housekeeping.ts); an older cursor could miss one, so it is refused and the client loads the
 * whole list again. An app closed for a month loses only one full download.
 */
export const SYNC_CURSOR_MAX_AGE_DAYS = 30
const MS_PER_DAY = 86_400_000

/**
 * Which list: the one shown without show-all (`nearby`, docs/product.md#help-requests), or every visible request
 * (`all`, show-all).
 */
export type ListMode = 'nearby' | 'all'

/**
 * What a sync cursor remembers: whose list (`u`), when (µs since the epoch, as text: exact), which list, and the
 * viewer's reach and blocks then, so that a delta also tells what came into or went out of the list when the viewer
 * moved, changed radius, blocked someone or lifted a block.
 */
interface SyncState {
  u: number
  t: string
  mode: ListMode
  admin: boolean
  lat: number | null
  lon: number | null
  radius: number
  /** The viewer's block set then (blocked_either_way): a block made or lifted since changes what they may see. */
  blocked: number[]
}

/** `app.deriveKey(SYNC_CURSOR_KEY_PURPOSE)` signs and checks sync cursors (the routes pass it in). */
export const SYNC_CURSOR_KEY_PURPOSE = 'sync-cursor'

const mac = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest()

/**
 * A sync cursor is `<base64url JSON>.<base64url HMAC-SHA256>`. Signed because the server acts on what it says
 * (whose reach, whether admin): unsigned, anyone could write one that asks for another viewer's list or names
 * test requests to a non-admin (docs/security.md, "Tokens and cursors").
 */
export function signCursor(state: object, key: string): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url')
  return `${payload}.${mac(payload, key).toString('base64url')}`
}

function decode(payload: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest(REQUEST_ERRORS.badCursor)
}

/** The signed cursor's content, or 400 for a cursor this server did not sign as it is. */
function verified(cursor: string, key: string): Record<string, unknown> {
  const [payload, signature, ...rest] = cursor.split('.')
  const given = Buffer.from(signature ?? '', 'base64url')
  const expected = mac(payload ?? '', key)
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest(REQUEST_ERRORS.badCursor)
  return decode(payload!)
}

/**
 * Every number a cursor carries is bounded before it reaches PostgreSQL (docs/security.md, "Tokens and cursors"): an
 * id past `integer` (2^31 − 1), 2^53 or 1e300 would be a 500 there, not the 400 a bad cursor is. The page cursor is
 * written by anyone; the sync cursor is signed, and bounded all the same.
 */
const MAX_ID = 2_147_483_647
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
const isCoordinate = (value: unknown, limit: number) =>
  value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit)

/**
 * A cursor this server signed for this viewer, as they are now. The admin flag is compared, never believed: a role
 * granted or revoked since makes the cursor stale (400), and the app then loads the whole list, which is what a
 * changed role needs anyway.
 */
function readSyncCursor(cursor: string, key: string, viewer: RequestViewer): SyncState {
  const { u, t, mode, admin, lat, lon, radius, blocked } = verified(cursor, key)
  const valid =
    u === viewer.user_id &&
    admin === viewer.is_admin &&
    typeof t === 'string' &&
    /^\d{1,17}$/.test(t) &&
    (mode === 'nearby' || mode === 'all') &&
    isCoordinate(lat, 90) &&
    isCoordinate(lon, 180) &&
    (lat === null) === (lon === null) &&
    typeof radius === 'number' &&
    Number.isInteger(radius) &&
    radius >= 0 &&
    radius <= MAX_ID &&
    Array.isArray(blocked) &&
    blocked.every(isId)
  if (!valid || Number(t) / 1000 < Date.now() - SYNC_CURSOR_MAX_AGE_DAYS * MS_PER_DAY)
    throw badRequest(REQUEST_ERRORS.badCursor)
  return {
    u,
    t,
    mode,
    admin,
    lat: lat as number | null,
    lon: lon as number | null,
    radius,
    blocked,
  }
}

/**
 * The page cursor is not signed: it names only the id to continue below, and the page applies the viewer's own
 * visibility rule, so a made-up id shows nothing a viewer could not page to anyway.
 */
function readPageCursor(cursor: string): number {
  const { before } = decode(cursor)
  if (!isId(before)) throw badRequest(REQUEST_ERRORS.badCursor)
  return before
}

/** A cursor for `?since=`, taken just before the list it comes with was read. */
async function syncCursor(sql: Queryable, viewer: RequestViewer, mode: ListMode, key: string): Promise<string> {
  const [row] = await sql<{ t: string }[]>`
    select (extract(epoch from now() - ${SYNC_OVERLAP}::interval) * 1000000)::bigint::text as t
  `
  const state: SyncState = {
    u: viewer.user_id,
    t: row!.t,
    mode,
    admin: viewer.is_admin,
    lat: viewer.latitude,
    lon: viewer.longitude,
    radius: viewer.radius,
    blocked: [...viewer.blocked_either_way],
  }
  return signCursor(state, key)
}

/** The rule a list applies: the viewer's reach for `nearby`, everything they may see for `all`. */
const inList = (sql: Queryable, viewer: RequestViewer, mode: ListMode) =>
  mode === 'all' ? sql`true` : inReach(sql, viewer)

export interface FullList {
  rows: RequestRow[]
  syncCursor: string
}

/**
 * The list without show-all (docs/product.md#help-requests): own, responding, no location, within reach; completed ones
 * for `historyDays`.
 */
export async function listNearby(
  sql: Queryable,
  viewer: RequestViewer,
  historyDays: number,
  cursorKey: string,
): Promise<FullList> {
  const cursor = await syncCursor(sql, viewer, 'nearby', cursorKey)
  const rows = await sql<RequestRow[]>`
    ${selectRequests(sql)}
    where ${visibleTo(sql, viewer)} and ${inHistory(sql, historyDays)} and ${inReach(sql, viewer)}
    order by r.updated_at desc
  `
  return { rows, syncCursor: cursor }
}

export interface Page extends FullList {
  /** The cursor of the next page, null after the last one. */
  nextCursor: string | null
}

/**
 * Show-all: every request the viewer may see, newest first, a page at a time. Paged by id (creation order), not by
 * updated_at: a change does not move a request between pages, and new ones only come before the first page.
 */
export async function listPage(
  sql: Queryable,
  viewer: RequestViewer,
  historyDays: number,
  before: string | undefined,
  cursorKey: string,
): Promise<Page> {
  const beforeId = before === undefined ? null : readPageCursor(before)
  const cursor = await syncCursor(sql, viewer, 'all', cursorKey)
  const rows = await sql<RequestRow[]>`
    ${selectRequests(sql)}
    where ${visibleTo(sql, viewer)} and ${inHistory(sql, historyDays)}
      ${beforeId === null ? sql`` : sql`and r.request_id < ${beforeId}`}
    order by r.request_id desc
    limit ${PAGE_SIZE + 1}
  `
  const more = rows.length > PAGE_SIZE
  const page = more ? rows.slice(0, PAGE_SIZE) : rows
  return {
    rows: page,
    syncCursor: cursor,
    nextCursor: more
      ? Buffer.from(JSON.stringify({ before: page[page.length - 1]!.request_id })).toString('base64url')
      : null,
  }
}

export interface Changes {
  /** Requests to show as they are now: changed, or come into the list. */
  rows: RequestRow[]
  /** Ids to drop: deleted, out of reach, out of the history window, or changed into something not shown. */
  removed: number[]
  syncCursor: string
}

/**
 * What changed in a list since its cursor. A request whose updated_at is older than the cursor is as it was then,
 * so whether the viewer saw it then can be told from its row and the cursor's reach: it is sent if it came into
 * the list (the viewer moved or widened their radius), removed if it left it (moved away, history window passed).
 * A changed request is sent if the viewer may see it now, and otherwise removed when the viewer's app could hold it
 * (couldHold below): naming the change of a request hidden from them all along would tell them about it. Own
 * requests are always sent again: their view count changes without updated_at.
 */
export async function listChanges(
  sql: Queryable,
  viewer: RequestViewer,
  historyDays: number,
  mode: ListMode,
  since: string,
  cursorKey: string,
): Promise<Changes> {
  const state = readSyncCursor(since, cursorKey, viewer)
  if (state.mode !== mode) throw badRequest(REQUEST_ERRORS.badCursor)
  // The same viewer with the same role (readSyncCursor): only their reach and blocks may have changed since.
  const then: RequestViewer = {
    user_id: viewer.user_id,
    is_admin: viewer.is_admin,
    latitude: state.lat,
    longitude: state.lon,
    radius: state.radius,
    blocked_either_way: state.blocked,
  }
  const listRuleChanged =
    (mode === 'nearby' &&
      (then.latitude !== viewer.latitude || then.longitude !== viewer.longitude || then.radius !== viewer.radius)) ||
    then.blocked_either_way.join() !== viewer.blocked_either_way.join()
  const t0 = sql`(to_timestamp(0) + ${state.t}::bigint * interval '1 microsecond')`
  const cursor = await syncCursor(sql, viewer, mode, cursorKey)
  /*
   * Whether the caller's app could hold a request it is no longer shown (docs/requests.md, "What a delta names"):
   * only such ids go into `removed`, so that a delta never tells anyone that a request they could not see changed.
   * Not when, for a non-admin, it is a test request, its owner was in the cursor's block set (the list the cursor came
   * with left it out, and the events since did too: a lifted block makes the app load the list anew), or its owner
   * has been suspended since before the cursor without a break (the open request was hidden all along).
   */
  const couldHold = viewer.is_admin
    ? sql`true`
    : sql`(not r.is_test ${
        then.blocked_either_way.length === 0
          ? sql``
          : sql`and r.owner_id <> all(${sql.array([...then.blocked_either_way])}::int[])`
      } and not (r.status <> 'completed' and exists (
        select 1 from account_suspensions s_then
        where s_then.user_id = r.owner_id and s_then.lifted_at is null and s_then.decided_at <= ${t0}
          and (s_then.ends_at is null or s_then.ends_at > now())
      )))`
  const rows = await sql<
    (RequestRow & { shown: boolean; changed: boolean; was_shown: boolean; could_hold: boolean })[]
  >`
    select * from (
      ${selectRequests(
        sql,
        sql`,
          coalesce(${visibleTo(sql, viewer)} and ${inHistory(sql, historyDays)} and ${inList(sql, viewer, mode)}, false)
            as shown,
          r.updated_at > ${t0} as changed,
          coalesce(${visibleTo(sql, then)} and ${inHistory(sql, historyDays, t0)} and ${inList(sql, then, mode)}, false)
            as was_shown,
          ${couldHold} as could_hold`,
      )}
      where r.updated_at > ${t0} or r.owner_id = ${viewer.user_id}
        or (r.completed_at > ${t0} - make_interval(days => ${historyDays})
          and r.completed_at <= now() - make_interval(days => ${historyDays}))
        ${listRuleChanged ? sql`or true` : sql``}
    ) r
    where (r.shown <> r.was_shown or r.changed or (r.shown and r.owner_id = ${viewer.user_id}))
      -- Test requests are not even named by id to someone who is not an admin.
      and (${viewer.is_admin} or not r.is_test)
      -- Nor is a change the caller's app could not have held (couldHold).
      and (r.shown or r.was_shown or r.could_hold)
    order by r.updated_at desc
  `
  const deleted = await sql<{ request_id: number }[]>`
    select request_id from request_tombstones
    where deleted_at > ${t0} and (${viewer.is_admin} or not is_test)
  `
  return {
    rows: rows.filter((row) => row.shown),
    removed: [...rows.filter((row) => !row.shown), ...deleted].map((row) => row.request_id),
    syncCursor: cursor,
  }
}
