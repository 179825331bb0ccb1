import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../../db/queryable.ts'

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"; docs/security.md, "Password
 * guessing"): a browser that signed in to an account carries proof of it, and its logins to that account are judged
 * only by their own failures, never by the failures an attacker makes from elsewhere. Not a session: it grants
 * nothing without the password, so logout keeps it; a password change or reset forgets every device of the account.
 */
export const DEVICE_COOKIE_POLICY = {
  /** How long a device stays trusted after its last successful login (each login rotates it and starts again). */
  days: 180,
  /** Failed logins a trusted device may make in the login window; then it counts as untrusted until they age out. */
  failures: 5,
  /** Devices remembered per account: the least recently used beyond these are forgotten. */
  perAccount: 20,
} as const

/** Sent only to the login call: it must not ride along on every request. */
export const DEVICE_COOKIE_PATH = '/api/user/login'

/** One cookie per account, so a shared browser is trusted for each account signed in from it. */
export const deviceCookieName = (userId: number) => `device_${userId}`

export interface IssuedDeviceCookie {
  value: string
  expiresAt: Date
}

/** Only this hash is stored: a copy of the database gives no usable cookie. */
export function hashNonce(nonce: string): string {
  return createHash('sha256').update(nonce).digest('hex')
}

const mac = (key: string, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`${userId}.${nonce}`).digest('base64url')

/**
 * The nonce of a presented cookie whose signature binds it to this account, else undefined. The signature turns
 * away made-up or copied-between-accounts values before any database work.
 */
export function presentedNonce(key: string, userId: number, value: string | undefined): string | undefined {
  const [nonce, signature, extra] = (value ?? '').split('.')
  if (!nonce || !signature || extra !== undefined) return undefined
  const expected = Buffer.from(mac(key, userId, nonce))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined
}

/** The live device a nonce belongs to for this account, if any. */
export async function deviceOfNonce(sql: Queryable, userId: number, nonceHash: string): Promise<string | undefined> {
  const [row] = await sql<{ device_id: string }[]>`
    select device_id from device_cookies
    where nonce_hash = ${nonceHash} and user_id = ${userId} and expires_at > now()
  `
  return row?.device_id
}

/**
 * After a successful login: the device that presented a valid cookie gets a new nonce (the old cookie stops
 * working), any other browser becomes a new device. Answers the cookie to set.
 */
export async function rememberDevice(
  sql: Queryable,
  key: string,
  userId: number,
  deviceId: string | undefined,
): Promise<IssuedDeviceCookie> {
  const nonce = randomBytes(32).toString('base64url')
  const nonceHash = hashNonce(nonce)
  const lifetime = DEVICE_COOKIE_POLICY.days
  const [rotated] = deviceId
    ? await sql<{ expires_at: Date }[]>`
        update device_cookies
        set nonce_hash = ${nonceHash}, last_used_at = now(), expires_at = now() + make_interval(days => ${lifetime})
        where device_id = ${deviceId} and user_id = ${userId}
        returning expires_at
      `
    : []
  if (rotated) return { value: `${nonce}.${mac(key, userId, nonce)}`, expiresAt: rotated.expires_at }
  // A new device; the oldest ones beyond the per-account number are forgotten in the same statement.
  const [created] = await sql<{ expires_at: Date }[]>`
    with created as (
      insert into device_cookies (device_id, user_id, nonce_hash, expires_at)
      values (${randomUUID()}, ${userId}, ${nonceHash}, now() + make_interval(days => ${lifetime}))
      returning expires_at
    ), forgotten as (
      delete from device_cookies
      where device_id in (
        select device_id from device_cookies where user_id = ${userId}
        order by last_used_at desc offset ${DEVICE_COOKIE_POLICY.perAccount - 1}
      )
    )
    select expires_at from created
  `
  return { value: `${nonce}.${mac(key, userId, nonce)}`, expiresAt: created!.expires_at }
}

/** A password change or reset: devices trusted under the old password are trusted no more. */
export async function forgetDevices(sql: Queryable, userId: number): Promise<void> {
  await sql`delete from device_cookies where user_id = ${userId}`
}
