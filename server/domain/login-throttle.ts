import type { Queryable } from '../db/queryable.ts'
import { tooManyRequests } from '../errors.ts'
import { USER_MESSAGES } from './user-messages.ts'

/** Failed logins allowed per account and per client address in the window (shared by every instance). */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_FAILURE_WINDOW_MINUTES = 15

export async function assertLoginAllowed(sql: Queryable, accountKey: string, ip: string): Promise<void> {
  const [counts] = await sql<{ account: number; ip: number }[]>`
    select
      count(*) filter (where account_key = ${accountKey})::int as account,
      count(*) filter (where ip = ${ip})::int as ip
    from login_failures
    where failed_at > now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})
      and (account_key = ${accountKey} or ip = ${ip})
  `
  if (counts!.account >= LOGIN_FAILURE_LIMIT || counts!.ip >= LOGIN_FAILURE_LIMIT) {
    throw tooManyRequests(USER_MESSAGES.tooManyAttempts)
  }
}

export async function recordLoginFailure(sql: Queryable, accountKey: string, ip: string): Promise<void> {
  await sql`insert into login_failures (account_key, ip) values (${accountKey}, ${ip})`
}

/** A successful login forgives the account's earlier typos (the address keeps its count). */
export async function clearLoginFailures(sql: Queryable, accountKey: string): Promise<void> {
  await sql`delete from login_failures where account_key = ${accountKey}`
}
