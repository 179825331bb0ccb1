import type { Queryable } from '../../db/queryable.ts'
import { SYNC_CURSOR_MAX_AGE_DAYS } from '../requests/list.ts'

export interface Purged {
  smsSends: number
  loginAttempts: number
  rateLimitCounters: number
  verificationTokens: number
  phoneCodes: number
  sessions: number
  requestTombstones: number
  deviceCookies: number
  phoneReveals: number
}

/**
 * Deletes what no rule reads any more: counters past their windows, spent proofs past their expiry,
 * device cookies past their expiry, sessions a week after they ended (kept that long so a reused refresh token is
 * still recognised), tombstones of deleted requests no accepted sync cursor can need, and phone reveals past the
 * admin list's 30 days.
 * Idempotent, so every instance may run it.
 */
export async function purgeExpired(sql: Queryable): Promise<Purged> {
  const [counts] = await sql<Purged[]>`
    with
      sms as (delete from sms_sends where sent_at < now() - interval '2 days' returning 1),
      attempts as (delete from login_attempts where attempted_at < now() - interval '1 day' returning 1),
      counters as (delete from rate_limit_counters where window_ends_at < now() returning 1),
      tokens as (delete from used_verification_tokens where expires_at < now() returning 1),
      codes as (delete from phone_codes where expires_at < now() - interval '1 day' returning 1),
      ended as (
        delete from sessions
        where expires_at < now() - interval '7 days' or revoked_at < now() - interval '7 days'
        returning 1
      ),
      devices as (delete from device_cookies where expires_at < now() returning 1),
      tombstones as (
        delete from request_tombstones
        where deleted_at < now() - make_interval(days => ${SYNC_CURSOR_MAX_AGE_DAYS + 1})
        returning 1
      ),
      -- The admin users list shows the last 30 Helsinki days; the cap reads only today.
      reveals as (delete from phone_reveals where revealed_at < now() - interval '31 days' returning 1)
    select
      (select count(*)::int from sms) as "smsSends",
      (select count(*)::int from attempts) as "loginAttempts",
      (select count(*)::int from counters) as "rateLimitCounters",
      (select count(*)::int from tokens) as "verificationTokens",
      (select count(*)::int from codes) as "phoneCodes",
      (select count(*)::int from ended) as "sessions",
      (select count(*)::int from tombstones) as "requestTombstones",
      (select count(*)::int from devices) as "deviceCookies",
      (select count(*)::int from reveals) as "phoneReveals"
  `
  return counts!
}
