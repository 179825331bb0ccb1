import type { Sql } from 'postgres'
import type { Queryable } from '../db/queryable.ts'
import type { RequestCategory } from '../domain/shared/categories.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { AlertQuota, fillFromQuota } from './alert-quota.ts'
import { enqueueAlerts } from './ability-alerts.ts'
import { standDown } from './stand-down.ts'
import { suspendedNow } from '../domain/moderation/in-force.ts'
import { adminRecipients, nextWaveRecipients, unlocatedRecipients, type WaveRecipient } from './wave-selection.ts'

/** A push about a new request is worth little after an hour. */
export const TTL_NEW_REQUEST = 60 * 60

export interface WaveSettings {
  /** ALERT_FIRST_WAVE */
  firstWave: number
  /** ALERT_ESCALATE_AFTER, in seconds */
  escalateAfter: number
  /** ALERT_MAX_RECIPIENTS */
  maxRecipients: number
}

/**
 * How many people have been alerted once wave `wave` (1 = the first) is out: the first wave, then each later wave
 * doubles it (15, 30, 60, 120, 200 with the defaults), never more than the maximum.
 */
export function alertedAfterWave(wave: number, settings: WaveSettings): number {
  return Math.min(settings.maxRecipients, settings.firstWave * 2 ** (wave - 1))
}

/** A new request's first wave falls due at once. */
export async function scheduleFirstWave(sql: Queryable, requestId: number): Promise<void> {
  await sql`insert into push_waves (request_id) values (${requestId}) on conflict do nothing`
}

interface DueWave {
  request_id: number
  waves: number
  owner_id: number
  owner_name: string
  /** The owner's app language: helpers who speak it come first among those who fit alike (wave-selection.ts). */
  owner_language: Language
  latitude: number | null
  longitude: number | null
  is_test: boolean
  category: RequestCategory
  description: string
  /** Completed or deleted: nothing more is sent, and the wave row goes. */
  over: boolean
  /**
   * Being helped (a take-over paused the row, and an "Alert more helpers now" that raced it made it due again):
   * nothing is sent and the row is paused again, for a let-go to resume (docs/live-and-push.md).
   */
  taken: boolean
  /** Whoever took it over before: they let go, and are not alerted of it again. */
  former_helpers: number[]
  /**
   * Open, and its owner suspended or banned: shown to admins only (docs/accounts.md, "Suspension and ban"). Whoever
   * was alerted of it is stood down and no wave follows: the suspension made this row due for exactly that.
   */
  hidden: boolean
  alerted: number
  /** Those of `alerted` who shared a location: the waves' doubling counts these. */
  alerted_located: number
}

/** A wave that went out for a request still waiting: its owner's progress changed (docs/live-and-push.md). */
export interface SentWave {
  requestId: number
  ownerId: number
}

/** A wave that failed (a bug, bad data) is tried again this much later, so it cannot hold up the others. */
const FAILED_WAVE_RETRY_SECONDS = 60

/**
 * Sends the earliest due wave of any request, in one transaction that holds the wave's row (SKIP LOCKED: another
 * instance takes the next one), records who was alerted and queues their pushes. Answers how many pushes were
 * queued, or null when no wave was due. A wave that fails is reported and put off, not retried at once. After the
 * commit `sent` hears of a wave of a request still waiting (its owner's progress).
 */
export async function runDueWave(
  sql: Sql,
  settings: WaveSettings,
  failed: (error: unknown) => void = (error) => {
    throw error
  },
  sent: (wave: SentWave) => void = () => {},
): Promise<number | null> {
  const told: SentWave[] = []
  const queued = await sql.begin(async (tx) => {
    const [wave] = await tx<DueWave[]>`
      select w.request_id, w.waves, r.owner_id, owner.user_name as owner_name, owner.language as owner_language,
        r.latitude, r.longitude, r.is_test,
        r.category, r.description,
        (r.deleted_at is not null or r.status = 'completed') as over,
        (r.deleted_at is null and r.status = 'in progress') as taken,
        array(select rr.responder_id from request_responses rr where rr.request_id = w.request_id) as former_helpers,
        (r.deleted_at is null and r.status <> 'completed' and ${suspendedNow(tx, 'r.owner_id')}) as hidden,
        (select count(*)::int from push_alerts a where a.request_id = w.request_id) as alerted,
        (select count(*)::int from push_alerts a where a.request_id = w.request_id and a.shares_location)
          as alerted_located
      from push_waves w
      join requests r using (request_id)
      join users owner on owner.user_id = r.owner_id
      where w.due_at <= now()
      order by w.due_at
      limit 1
      for update of w skip locked
    `
    if (!wave) return null
    try {
      // Deletes the wave row too (stand-down.ts): nothing more goes out, and a lifted suspension brings no waves back.
      if (wave.hidden) {
        // The stand-down writes the request's row, which a suspension or its lift holds while it waits for this
        // wave's row (server/domain/moderation/suspension.ts): taken now, or the wave is put off a moment rather
        // than the two waiting on each other.
        const [free] = await tx`
          select 1 from requests where request_id = ${wave.request_id} for no key update skip locked
        `
        if (!free) {
          await tx`update push_waves set due_at = now() + interval '1 second' where request_id = ${wave.request_id}`
          return 0
        }
        return await standDown(tx, wave, 'over', null)
      }
      if (wave.taken) {
        await tx`update push_waves set due_at = null where request_id = ${wave.request_id}`
        return 0
      }
      const pushed = await tx.savepoint((savepoint) => sendWave(savepoint, wave, settings))
      if (!wave.over) told.push({ requestId: wave.request_id, ownerId: wave.owner_id })
      return pushed
    } catch (error) {
      await tx`
        update push_waves set due_at = now() + make_interval(secs => ${FAILED_WAVE_RETRY_SECONDS})
        where request_id = ${wave.request_id}
      `
      failed(error)
      return 0
    }
  })
  told.forEach(sent)
  return queued
}

async function sendWave(tx: Queryable, wave: DueWave, settings: WaveSettings): Promise<number> {
  const number = wave.waves + 1
  const [located, unlocated] = wave.over
    ? [[], []]
    : wave.is_test
      ? [await adminRecipients(tx, wave), []]
      : await helpersOfWave(tx, wave, number, settings)
  await recordAlerts(tx, wave.request_id, number, located, true)
  await recordAlerts(tx, wave.request_id, number, unlocated, false)
  const request = { request_id: wave.request_id, category: wave.category, description: wave.description }
  // Each alert in its recipient's language, and to a helper whose abilities fit, with the reason (ability-alerts.ts);
  // each asks its phone to confirm it: the owner's progress counts who it reached (receipts.ts).
  const queued = await enqueueAlerts(
    tx,
    [...located, ...unlocated],
    request,
    wave.owner_name,
    { urgency: 'high', ttl: TTL_NEW_REQUEST },
    { receipt: { kind: 'alert', requestId: wave.request_id } },
  )
  const alerted = wave.alerted + located.length + unlocated.length
  const last =
    wave.over ||
    wave.is_test ||
    alerted >= settings.maxRecipients ||
    alertedAfterWave(number, settings) >= settings.maxRecipients
  if (last) await tx`delete from push_waves where request_id = ${wave.request_id}`
  else {
    await tx`
      update push_waves
      set waves = ${number}, due_at = now() + make_interval(secs => ${settings.escalateAfter}), last_wave_at = now()
      where request_id = ${wave.request_id}
    `
  }
  return queued
}

/**
 * Who a wave alerts: the next helpers who share a location (nearest first, or for a request without a location the
 * most recently located) up to the wave's doubling, and with the first wave every subscriber who shares no location,
 * since they get all requests and notifications (docs/product.md#live-updates-and-push). Those count toward
 * ALERT_MAX_RECIPIENTS last and not toward the doubling: their number is the users' choice, not a wave's size.
 *
 * Whoever is in their quiet hours or has had their hourly cap of these alerts is passed over, and the next in line
 * takes the place. A decision: quiet hours and the cap bound only these alerts about other people's new requests.
 * The news of a user's own request or of the one they help (taken over, released, completed, removed) always goes,
 * since it is what they are waiting for, and so do test requests' alerts to admins (adminRecipients).
 */
async function helpersOfWave(
  tx: Queryable,
  wave: DueWave,
  number: number,
  settings: WaveSettings,
): Promise<[WaveRecipient[], WaveRecipient[]]> {
  const room = settings.maxRecipients - wave.alerted
  const wanted = Math.min(room, alertedAfterWave(number, settings) - wave.alerted_located)
  const quota = new AlertQuota(tx)
  // A helper who let go of it is never alerted of it again (docs/live-and-push.md, "When a helper lets go").
  const skip = (excluded: readonly number[]) => [...wave.former_helpers, ...excluded]
  const located = await fillFromQuota(quota, wanted, (count, excluded) =>
    nextWaveRecipients(tx, wave, count, skip(excluded)),
  )
  const unlocated =
    number === 1
      ? await fillFromQuota(quota, room - located.length, (count, excluded) =>
          unlocatedRecipients(tx, wave, count, skip(excluded)),
        )
      : []
  return [located, unlocated]
}

async function recordAlerts(
  tx: Queryable,
  requestId: number,
  wave: number,
  recipients: Array<{ user_id: number; ability?: string | null }>,
  sharesLocation: boolean,
): Promise<void> {
  if (recipients.length === 0) return
  // With the ability the alert named, if any: the owner's progress counts the alerts that fit (progress.ts). None is
  // sent as '' (an array of nulls alone does not reach PostgreSQL as text[]).
  await tx`
    insert into push_alerts (request_id, user_id, wave, shares_location, ability)
    select ${requestId}, alerted.user_id, ${wave}, ${sharesLocation}, nullif(alerted.ability, '')
    from unnest(
      ${recipients.map((r) => r.user_id)}::int[], ${recipients.map((r) => r.ability ?? '')}::text[]
    ) as alerted (user_id, ability)
  `
}

/** Runs every wave due now (the worker's loop); a failed wave is reported to `failed` and put off. */
export async function runDueWaves(
  sql: Sql,
  settings: WaveSettings,
  failed: (error: unknown) => void = (error) => {
    throw error
  },
  sent: (wave: SentWave) => void = () => {},
): Promise<number> {
  let queued = 0
  const next = () => runDueWave(sql, settings, failed, sent)
  for (let n = await next(); n !== null; n = await next()) queued += n
  return queued
}

/**
 * Who was alerted is kept for the request's lifetime, through take-overs and let-gos: later waves skip them and the
 * stand-downs (stand-down.ts) reach them, and a completion or deletion forgets them. This sweeps what a stand-down
 * did not: alerts of a request that ended some other way (changed outside the app) and has no wave left.
 */
export async function purgeAlerts(sql: Queryable): Promise<number> {
  const rows = await sql`
    delete from push_alerts a
    using requests r
    where r.request_id = a.request_id
      and (r.deleted_at is not null or r.status = 'completed')
      and not exists (select 1 from push_waves w where w.request_id = a.request_id)
    returning 1
  `
  return rows.length
}
