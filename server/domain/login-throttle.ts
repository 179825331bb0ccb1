import type { Sql } from 'postgres'
import { tooManyRequests } from '../errors.ts'
import { addressKey } from './client-address.ts'
import { withLimitLocks } from './limit-locks.ts'
import { USER_MESSAGES } from './user-messages.ts'

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
  /** The password was right: the attempt and this address's earlier failures on the account are forgiven. */
  succeeded(): Promise<void>
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

const tooMany = (retryAfterSeconds: number) => tooManyRequests(USER_MESSAGES.tooManyAttempts, retryAfterSeconds)

/**
 * Admits one password check for `accountKey` from `clientIp` (an IPv6 client counts by its /64), or throws 429
 * with a Retry-After. Check and record happen under the account's and the address's advisory locks, so at most
 * the policy's number of checks is ever evaluated, however many requests arrive in parallel. An admitted attempt
 * stays recorded as a failure unless `succeeded()`.
 */
export async function admitLoginAttempt(sql: Sql, accountKey: string, clientIp: string): Promise<AdmittedAttempt> {
  const ip = addressKey(clientIp)
  const window = LOGIN_POLICY.windowMinutes * 60
  const attemptId = await withLimitLocks(sql, [`login:account:${accountKey}`, `login:address:${ip}`], async (tx) => {
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
  return {
    async succeeded() {
      await sql`
        delete from login_attempts
        where id = ${attemptId} or (account_key = ${accountKey} and ip = ${ip})
      `
    },
  }
}
