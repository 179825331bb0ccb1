import { createHmac } from 'node:crypto'
import type { Queryable } from '../../db/queryable.ts'
import { forbidden } from '../../errors.ts'
import { USER_ERRORS } from '../accounts/errors.ts'
import { limitLock } from '../limits/locks.ts'

/*
 * Moderation records kept after an account is deleted (docs/adr/0018-moderation-records-by-phone-key.md): the
 * reports about it with their decisions and reasons, its suspensions and bans, and the admins' looks at phone
 * numbers it took part in, tied to a keyed hash of its phone number instead of its user id, for
 * MODERATION_RECORD_DAYS after the deletion (a ban or suspension in force: until it ends, if later).
 */

/** What the key of the phone hash is derived for (`app.deriveKey`): without the server's secret, no match. */
export const PHONE_RECORD_KEY_PURPOSE = 'moderation-record-phone'

/** The keyed hash of a phone number (E.164, as normalisePhone stores it) that kept records are tied to. */
export function phoneRecordKey(key: string, phone: string): Buffer {
  return createHmac('sha256', key).update(phone).digest()
}

/**
 * Serialises, in the caller's transaction, a deletion of the account of `phone` with a registration of it: a
 * registration that read no ban before a parallel deletion's records were committed would otherwise pass.
 */
export async function lockPhoneRecords(sql: Queryable, phone: string): Promise<void> {
  await sql`select ${limitLock(sql, sql`${'phone-records:' + phone}::text`)}`
}

/**
 * In the deletion's transaction (after lockPhoneRecords), before the user row goes: the user's moderation records
 * let go of the user id and are tied to the phone key, kept from now on. The user's own reports about others stay
 * as before (their reporter becomes null with the account).
 */
export async function keepModerationRecords(sql: Queryable, userId: number, phoneKey: Buffer): Promise<void> {
  // A decision locks its report, then the reported user's row (decisions.ts, suspension.ts): taken in that order
  // here, a decision being made now commits first, and the statement below, reading after it, keeps its ban. Read
  // in the same statement as a decision still running, the ban would instead go with the user row's cascade.
  await sql`select 1 from reports where reported_id = ${userId} order by report_id for no key update`
  await sql`select 1 from users where user_id = ${userId} for no key update`
  await sql`
    with
      reports as (
        update reports set reported_id = null, reported_phone_key = ${phoneKey}, kept_since = now()
        where reported_id = ${userId}
      ),
      suspensions as (
        update account_suspensions set user_id = null, phone_key = ${phoneKey}, kept_since = now()
        where user_id = ${userId}
      ),
      -- One statement for both sides: an admin who looked at their own number is both.
      views as (
        update admin_phone_views set
          user_id = case when user_id = ${userId} then null else user_id end,
          user_phone_key = case when user_id = ${userId} then ${phoneKey} else user_phone_key end,
          user_kept_since = case when user_id = ${userId} then now() else user_kept_since end,
          admin_id = case when admin_id = ${userId} then null else admin_id end,
          admin_phone_key = case when admin_id = ${userId} then ${phoneKey} else admin_phone_key end,
          admin_kept_since = case when admin_id = ${userId} then now() else admin_kept_since end
        where user_id = ${userId} or admin_id = ${userId}
      )
    select 1
  `
}

/**
 * In the registration's transaction (after lockPhoneRecords): 403 when a deleted account of this number has a ban,
 * or a suspension not yet ended, in force. Once it ends, or an admin had lifted it, the number registers again.
 */
export async function refuseBannedPhone(sql: Queryable, phoneKey: Buffer): Promise<void> {
  const [banned] = await sql`
    select 1 from account_suspensions
    where phone_key = ${phoneKey} and lifted_at is null and (ends_at is null or ends_at > now())
    limit 1
  `
  if (banned) throw forbidden(USER_ERRORS.phoneBanned)
}

export interface PurgedRecords {
  reports: number
  suspensions: number
  phoneViews: number
}

/**
 * Housekeeping: kept records whose account was deleted more than `days` ago go (a report with its decision); a
 * suspension or ban still in force stays until it ends. A look at a live user's number by an admin deleted that
 * long ago stays as a look by a gone admin, as one by an admin deleted before records were kept. Idempotent.
 */
export async function purgeKeptRecords(sql: Queryable, days: number): Promise<PurgedRecords> {
  const [purged] = await sql<PurgedRecords[]>`
    with
      cutoff as (select now() - make_interval(days => ${days}) as at),
      reports as (
        delete from reports where kept_since < (select at from cutoff) returning 1
      ),
      suspensions as (
        delete from account_suspensions
        where kept_since < (select at from cutoff)
          and (lifted_at is not null or (ends_at is not null and ends_at <= now()))
        returning 1
      ),
      views as (
        delete from admin_phone_views where user_kept_since < (select at from cutoff) returning 1
      ),
      admins as (
        update admin_phone_views set admin_phone_key = null, admin_kept_since = null
        where admin_kept_since < (select at from cutoff)
          and (user_kept_since is null or user_kept_since >= (select at from cutoff))
      )
    select
      (select count(*)::int from reports) as reports,
      (select count(*)::int from suspensions) as suspensions,
      (select count(*)::int from views) as "phoneViews"
  `
  return purged!
}
