import type { Queryable } from '../../db/queryable.ts'
import { conflict, forbidden, notFound, tooManyRequests } from '../../errors.ts'
import type { WaitingProgress } from '../../schemas/waiting-progress.ts'
import type { RequestCategory, RequestStatus } from '../shared/categories.ts'
import { CATEGORY_ABILITIES } from '../shared/abilities.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { visibleTo, type Viewer } from './requests.ts'

/**
 * "Alert more helpers now" at most once per 2 minutes, counted from the latest wave (sent by the worker or asked
 * for): those just alerted get a moment to answer before the next ones are disturbed.
 */
export const ALERT_MORE_INTERVAL_SECONDS = 120

/**
 * The waiting owner's progress (docs/product.md#progress-while-waiting), as read for one request: counts only,
 * never who. The waves' own rows (server/push/waves.ts) are what it reports: `push_alerts` (who was alerted, until
 * a stand-down forgets them and adds their number to `requests.alerts_forgotten`), and `push_waves` (when the next
 * wave is due, and when the latest went).
 */
export interface ProgressRow {
  request_id: number
  owner_id: number
  status: RequestStatus
  alerted: number
  /** Alerted users whose phone confirmed an alert of this request (server/push/receipts.ts), each once. */
  reached: number
  /** Of the alerts still recorded, those that went to a helper whose abilities fit (push_alerts.ability). */
  fitting: number
  category: RequestCategory
  opened: number
  /** Alert rounds sent so far (push_waves.waves); null once no round is left (the wave row goes with the last). */
  rounds: number | null
  /** How many the latest round alerted, all of them new to it; null before the first round and when rounds is. */
  last_round_alerted: number | null
  next_wave_at: Date | null
  alert_more_available_at: Date | null
  /** Seconds from now (the database's clock) to alert_more_available_at: a 429's Retry-After. */
  alert_more_in: number | null
}

/**
 * One statement, one row by primary key. Waves go on while a request is new and its wave row has a due time: a
 * take-over pauses the row and a let-go resumes it (docs/live-and-push.md, "When a helper lets go"), and the row
 * is deleted after the last wave (the maximum reached) or when the request ends; otherwise no time is due.
 */
const selectProgress = (sql: Queryable) => sql`
  select r.request_id, r.owner_id, r.status,
    r.alerts_forgotten + (select count(*) from push_alerts a where a.request_id = r.request_id)::int as alerted,
    (select count(distinct p.user_id) from push_receipts p
      where p.request_id = r.request_id and p.reached_at is not null)::int as reached,
    (select count(*) from push_alerts a where a.request_id = r.request_id and a.ability is not null)::int as fitting,
    r.category,
    r.views as opened, w.waves as rounds,
    case when w.waves > 0 then
      (select count(*) from push_alerts a where a.request_id = r.request_id and a.wave = w.waves)::int
    end as last_round_alerted,
    waves.next_wave_at, waves.alert_more_available_at,
    extract(epoch from waves.alert_more_available_at - now())::float8 as alert_more_in
  from requests r
  left join push_waves w on w.request_id = r.request_id
  cross join lateral (select r.status = 'new' and w.due_at is not null as more) m
  cross join lateral (
    select
      case when m.more then w.due_at end as next_wave_at,
      case when m.more then
        coalesce(w.last_wave_at, greatest(w.due_at, now())) + make_interval(secs => ${ALERT_MORE_INTERVAL_SECONDS})
      end as alert_more_available_at
  ) waves
`

/** A request's progress for its owner's live event, whoever may see it (deleted: none). */
export async function progressOf(sql: Queryable, requestId: number): Promise<ProgressRow | undefined> {
  const [row] = await sql<ProgressRow[]>`
    ${selectProgress(sql)} where r.request_id = ${requestId} and r.deleted_at is null
  `
  return row
}

/** A request's progress as `viewer` may see it: 404 when they may not see the request at all. */
async function visibleProgress(sql: Queryable, viewer: Viewer, requestId: number): Promise<ProgressRow> {
  const [row] = await sql<ProgressRow[]>`
    ${selectProgress(sql)} where r.request_id = ${requestId} and ${visibleTo(sql, viewer)}
  `
  if (!row) throw notFound(REQUEST_ERRORS.notFound)
  return row
}

/** The owner's and admins' view of the progress; anyone else who may see the request: 403. */
export async function readProgress(sql: Queryable, viewer: Viewer, requestId: number): Promise<ProgressRow> {
  const row = await visibleProgress(sql, viewer, requestId)
  if (row.owner_id !== viewer.user_id && !viewer.is_admin) throw forbidden(REQUEST_ERRORS.notOwnerOrAdmin)
  return row
}

/**
 * "Alert more helpers now": the owner's request's next wave falls due at once. One conditional UPDATE of the wave
 * row checks and records it: only while the request waits for a helper, has a wave to come, and its latest
 * wave went out (or was asked for) at least ALERT_MORE_INTERVAL_SECONDS ago. Parallel asks, on any instance, queue
 * on the row; the first moves `last_wave_at` to now, and the others, re-checked against it, find it too young.
 * The requests row is only read, never locked: a take-over holding it and deleting the wave row (stand-down.ts)
 * simply makes this find nothing. Answers the progress after it; a refusal says why (403, 404, 409, 429).
 */
export async function alertMore(sql: Queryable, viewer: Viewer, requestId: number): Promise<ProgressRow> {
  const hurried = await sql`
    update push_waves w set due_at = now(), last_wave_at = now()
    from requests r
    where w.request_id = ${requestId} and r.request_id = w.request_id and r.owner_id = ${viewer.user_id}
      and r.deleted_at is null and r.status = 'new' and w.due_at is not null
      and w.last_wave_at <= now() - make_interval(secs => ${ALERT_MORE_INTERVAL_SECONDS})
    returning w.request_id
  `
  const row = await visibleProgress(sql, viewer, requestId)
  if (hurried.length > 0) return row
  if (row.owner_id !== viewer.user_id) throw forbidden(REQUEST_ERRORS.notOwner)
  if (row.status === 'completed') throw conflict(REQUEST_ERRORS.completed)
  if (row.status === 'in progress') throw conflict(REQUEST_ERRORS.alreadyHasHelper)
  if (row.next_wave_at === null || row.alert_more_available_at === null) throw conflict(REQUEST_ERRORS.noMoreAlerts)
  throw tooManyRequests(REQUEST_ERRORS.alertMoreTooSoon, row.alert_more_in ?? ALERT_MORE_INTERVAL_SECONDS)
}

/** The answer and the live event: counts and times only. */
export function progressJson(row: ProgressRow): WaitingProgress {
  return {
    alerted: row.alerted,
    reached: row.reached,
    opened: row.opened,
    ...fittingJson(row),
    rounds: row.rounds,
    last_round_alerted: row.last_round_alerted,
    next_wave_at: row.next_wave_at?.toISOString() ?? null,
    alert_more_available_at: row.alert_more_available_at?.toISOString() ?? null,
  }
}

/**
 * How many of the alerted have abilities that fit the request, and which kind of ability that is for its category
 * (docs/product.md#abilities): none for a category that prefers none. Alerts a stand-down forgot are not counted:
 * by then the request no longer waits and its progress is not shown.
 */
function fittingJson(row: ProgressRow): Pick<WaitingProgress, 'fitting' | 'fitting_ability'> {
  const wanted = CATEGORY_ABILITIES[row.category]
  return wanted ? { fitting: row.fitting, fitting_ability: wanted.ability } : { fitting: 0, fitting_ability: null }
}
