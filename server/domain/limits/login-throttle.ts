import type { Sql } from 'postgres'
import { tooManyRequests } from '../../errors.ts'
import { addressKey } from './client-address.ts'
import { DEVICE_COOKIE_POLICY, deviceOfNonce } from '../accounts/device-cookies.ts'
import { withLimitLocks } from './locks.ts'
import { USER_ERRORS } from '../accounts/errors.ts'

/**
 * Password guessing policy (OWASP ASVS 4.0.3 V2.2.1 / ASVS 5.0 V6.3.1: anti-automation against brute force and
 * credential stuffing without letting anyone lock an owner out). Counted over a sliding window in the database,
 * shared by every instance; an attempt counts from the moment it is admitted, before its password is checked.
 */
export const LOGIN_POLICY = {
  windowMinutes: 15,
  /** Failed attempts one address may make on one account; then that address waits (429). */
  perAccountAndAddress: 10,
  /** Failed attempts one address may make on all accounts together (credential stuffing); then it waits. */
  perAddress: 50,
  /**
   * Failed attempts on one account from all addresses together before the account slows down: each further
   * attempt must wait 2^(failures - this) seconds after the previous one, at most maxSpacingSeconds. It never
   * locks: the owner, from any address, gets in after at most that delay.
   */
  accountFreeFailures: 10,
  maxSpacingSeconds: 60,
} as const

/** Seconds an account's next attempt must wait after its previous one, given its failures in the window. */
export function accountSpacingSeconds(failures: number): number {
  if (failures < LOGIN_POLICY.accountFreeFailures) return 0
  return Math.min(2 ** (failures - LOGIN_POLICY.accountFreeFailures), LOGIN_POLICY.maxSpacingSeconds)
}

export interface AdmittedAttempt {
  /**
   * The device of a valid device cookie that was presented (trusted or over its own budget): a successful login
   * rotates it. Undefined when none was.
   */
  deviceId: string | undefined
  /** Judged by the device's own budget only, not by the account's and the address's. */
  trusted: boolean
  /** The password was right: the attempt, this address's earlier failures on the account and the device's are forgiven. */
  succeeded(): Promise<void>
}

/** A device cookie presented with a login: its account, and the hash of its nonce (signature already checked). */
export interface PresentedDevice {
  userId: number
  nonceHash: string
}

interface AttemptCounts {
  pair: number
  address: number
  account: number
  /** Ages of the oldest pair and address attempts: when they leave the window, that limit has room again. */
  pair_oldest_age: number | null
  address_oldest_age: number | null
  seconds_since_last: number | null
}

const tooMany = (retryAfterSeconds: number) => tooManyRequests(USER_ERRORS.tooManyAttempts, retryAfterSeconds)

/**
 * Admits one password check for `accountKey` from `clientIp` (an IPv6 client counts by its /64), or throws 429
 * with a Retry-After. Check and record happen under advisory locks, so at most the policy's number of checks is
 * ever evaluated, however many requests arrive in parallel. An admitted attempt stays recorded as a failure unless
 * `succeeded()`.
 *
 * A login with a valid device cookie of the account is judged by that device's failures alone
 * (DEVICE_COOKIE_POLICY.failures per window, under the device's lock), so an attack from elsewhere never slows the
 * owner's own browser; past its budget the cookie counts as absent and the limits below apply.
 */
export async function admitLoginAttempt(
  sql: Sql,
  accountKey: string,
  clientIp: string,
  device?: PresentedDevice,
): Promise<AdmittedAttempt> {
  const ip = addressKey(clientIp)
  const deviceId = device ? await deviceOfNonce(sql, device.userId, device.nonceHash) : undefined
  const trustedAttempt =
    device && deviceId ? await admitTrustedAttempt(sql, accountKey, ip, device, deviceId) : undefined
  const attemptId = trustedAttempt ?? (await admitUntrustedAttempt(sql, accountKey, ip))
  return {
    deviceId,
    trusted: trustedAttempt !== undefined,
    async succeeded() {
      await sql`
        delete from login_attempts
        where id = ${attemptId} or (account_key = ${accountKey} and ip = ${ip}) or device_id = ${deviceId ?? null}
      `
    },
  }
}

/** The attempt's id when the device is still live and within its own budget, else undefined (untrusted). */
async function admitTrustedAttempt(
  sql: Sql,
  accountKey: string,
  ip: string,
  device: PresentedDevice,
  deviceId: string,
): Promise<string | undefined> {
  const window = LOGIN_POLICY.windowMinutes * 60
  return withLimitLocks(sql, [`login:device:${deviceId}`], async (tx) => {
    // Looked up again under the lock: a login that rotated or forgot the device meanwhile has made this cookie stale.
    const [row] = await tx<{ failures: number }[]>`
      select (
        select count(*)::int from login_attempts
        where device_id = d.device_id and attempted_at > statement_timestamp() - make_interval(secs => ${window})
      ) as failures
      from device_cookies d
      where d.device_id = ${deviceId} and d.nonce_hash = ${device.nonceHash} and d.expires_at > now()
    `
    if (!row || row.failures >= DEVICE_COOKIE_POLICY.failures) return undefined
    const [attempt] = await tx<{ id: string }[]>`
      insert into login_attempts (account_key, ip, attempted_at, device_id)
      values (${accountKey}, ${ip}, statement_timestamp(), ${deviceId}) returning id
    `
    return attempt!.id
  })
}

/** The limits per address and account (LOGIN_POLICY); attempts of trusted devices are not counted here. */
async function admitUntrustedAttempt(sql: Sql, accountKey: string, ip: string): Promise<string> {
  const window = LOGIN_POLICY.windowMinutes * 60
  return withLimitLocks(sql, [`login:account:${accountKey}`, `login:address:${ip}`], async (tx) => {
    // Times are read and written after the locks are held (statement_timestamp, not the transaction's now(), which
    // is older than an attempt committed while this one waited): the spacing between attempts is never negative.
    const [counts] = await tx<AttemptCounts[]>`
      select
        count(*) filter (where account_key = ${accountKey} and ip = ${ip})::int as pair,
        count(*) filter (where ip = ${ip})::int as address,
        count(*) filter (where account_key = ${accountKey})::int as account,
        extract(epoch from statement_timestamp() - min(attempted_at) filter (where account_key = ${accountKey} and ip = ${ip}))::float8 as pair_oldest_age,
        extract(epoch from statement_timestamp() - min(attempted_at) filter (where ip = ${ip}))::float8 as address_oldest_age,
        extract(epoch from statement_timestamp() - max(attempted_at) filter (where account_key = ${accountKey}))::float8 as seconds_since_last
      from login_attempts
      where attempted_at > statement_timestamp() - make_interval(secs => ${window})
        and (account_key = ${accountKey} or ip = ${ip})
        and device_id is null
    `
    const { pair, address, account } = counts!
    if (pair >= LOGIN_POLICY.perAccountAndAddress) throw tooMany(window - (counts!.pair_oldest_age ?? 0))
    if (address >= LOGIN_POLICY.perAddress) throw tooMany(window - (counts!.address_oldest_age ?? 0))
    const wait = accountSpacingSeconds(account) - (counts!.seconds_since_last ?? Infinity)
    if (wait > 0) throw tooMany(wait)
    const [row] = await tx<{ id: string }[]>`
      insert into login_attempts (account_key, ip, attempted_at)
      values (${accountKey}, ${ip}, statement_timestamp()) returning id
    `
    return row!.id
  })
}
