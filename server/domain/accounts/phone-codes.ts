import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Sql } from 'postgres'
import { badRequest, tooManyRequests } from '../../errors.ts'
import type { Queryable } from '../../db/queryable.ts'
import { addressKey } from '../limits/client-address.ts'
import { withLimitLocks } from '../limits/locks.ts'
import type { Purpose } from './phone-validation.ts'
import { USER_ERRORS } from './errors.ts'

// A pure module, so the web client and the schemas it reads types from can share the list.
export { PURPOSES, type Purpose } from './phone-validation.ts'

export const CODE_TTL_MINUTES = 10
export const MAX_WRONG_CODES = 5
export const RESEND_AFTER_SECONDS = 30
export const SENDS_PER_PHONE = 3
export const SENDS_PER_PHONE_WINDOW_MINUTES = 10

export interface SendLimits {
  perIpPerHour: number
  dailyCap: number
}

/** A leaked table must not give the codes away: only a keyed hash is stored. */
function hashCode(code: string, key: string): string {
  return createHmac('sha256', key).update(code).digest('hex')
}

/**
 * Counts one SMS send against the limits, or refuses it (429): per phone, per client address, and the daily total
 * in Helsinki time. The three are checked and recorded under advisory locks of the phone, the address and the day,
 * so parallel sends on any instance cannot slip past any of them (the daily cap is the service's cost ceiling).
 */
export async function admitSmsSend(sql: Sql, phone: string, clientIp: string, limits: SendLimits): Promise<void> {
  const address = addressKey(clientIp)
  const allowed = await withLimitLocks(sql, [`sms:phone:${phone}`, `sms:address:${address}`, 'sms:day'], async (tx) => {
    const [counts] = await tx<{ phone: number; ip: number; today: number }[]>`
      select
        count(*) filter (where phone = ${phone} and sent_at > now() - make_interval(mins => ${SENDS_PER_PHONE_WINDOW_MINUTES}))::int as phone,
        count(*) filter (where ip = ${address} and sent_at > now() - interval '1 hour')::int as ip,
        count(*) filter (where sent_at >= date_trunc('day', now() at time zone 'Europe/Helsinki') at time zone 'Europe/Helsinki')::int as today
      from sms_sends
      where sent_at > now() - interval '25 hours'
    `
    if (counts!.phone >= SENDS_PER_PHONE || counts!.ip >= limits.perIpPerHour || counts!.today >= limits.dailyCap)
      return false
    await tx`insert into sms_sends (phone, ip) values (${phone}, ${address})`
    return true
  })
  if (!allowed) throw tooManyRequests(USER_ERRORS.tooManyAttempts)
}

/** Makes a new 6-digit code for the phone and purpose, replacing any earlier one. Only its keyed hash is stored. */
export async function issueCode(sql: Queryable, phone: string, purpose: Purpose, key: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await sql`
    insert into phone_codes (phone, purpose, code_hash, expires_at)
    values (${phone}, ${purpose}, ${hashCode(code, key)}, now() + make_interval(mins => ${CODE_TTL_MINUTES}))
    on conflict (phone, purpose) do update
    set code_hash = excluded.code_hash, created_at = now(), expires_at = excluded.expires_at,
        failed_attempts = 0, used_at = null
  `
  return code
}

/**
 * Spends the phone's live code if `code` matches it and returns what it was for. A wrong code counts against
 * every live code of the phone; the fifth wrong one voids them.
 */
export async function spendCode(sql: Sql, phone: string, code: string, key: string): Promise<Purpose> {
  if (!/^\d{6}$/.test(code)) throw badRequest(USER_ERRORS.invalidCode)
  const presented = Buffer.from(hashCode(code, key))
  const purpose = await sql.begin(async (tx) => {
    const live = await tx<{ purpose: Purpose; code_hash: string }[]>`
      select purpose, code_hash from phone_codes
      where phone = ${phone} and used_at is null and expires_at > now() and failed_attempts < ${MAX_WRONG_CODES}
      for update
    `
    const match = live.find((row) => timingSafeEqual(Buffer.from(row.code_hash), presented))
    if (match) {
      await tx`update phone_codes set used_at = now() where phone = ${phone} and purpose = ${match.purpose}`
      return match.purpose
    }
    await tx`update phone_codes set failed_attempts = failed_attempts + 1 where phone = ${phone} and used_at is null`
    return undefined
  })
  if (!purpose) throw badRequest(USER_ERRORS.invalidCode)
  return purpose
}

/** What the SMS says, in the language of the person asking. */
export function codeText(code: string, language: 'finnish' | 'swedish' | 'english'): string {
  switch (language) {
    case 'finnish':
      return `Pyöräapu: vahvistuskoodisi on ${code}. Se on voimassa ${CODE_TTL_MINUTES} minuuttia.`
    case 'swedish':
      return `Cykelhjälpen: din verifieringskod är ${code}. Den gäller i ${CODE_TTL_MINUTES} minuter.`
    default:
      return `Bike Help: your verification code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes.`
  }
}
