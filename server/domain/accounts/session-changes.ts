import type { Sql } from 'postgres'
import type { Transactions } from '../shared/unit-of-work.ts'
import type { SpendProof } from './account-changes.ts'
import { revokeSession, revokeSessionOfRefreshToken, rotateRefreshToken, startSession } from './sessions.ts'

/**
 * The units of work of a session's start, rotation and end (docs/accounts.md, "Tokens"): each one transaction with
 * what it announces.
 */

/** A login's session, in one transaction with `spend` (a code login's proof, so a failed start leaves it unused). */
export async function signInSession(sql: Sql, userId: number, spend?: SpendProof) {
  return sql.begin(async (tx) => {
    await spend?.(tx)
    return startSession(tx, userId)
  })
}

/** rotateRefreshToken in a transaction whose `user` announcer ends a reused token's session on every instance. */
export async function rotateSession(events: Transactions, presented: string, successorKey: string) {
  return rotateRefreshToken(
    (work) => events.transaction((tx, announce) => work(tx, announce.user)),
    presented,
    successorKey,
  )
}

/**
 * A logout: ends the session of the access token (`sessionId`) and that of the refresh cookie (`presented`), either
 * or both. At the commit each ended session ends on every instance: its copies go, its live streams close.
 */
export async function logOut(
  events: Transactions,
  sessionId: string | undefined,
  presented: string | undefined,
): Promise<void> {
  await events.transaction(async (tx, announce) => {
    const ended = new Set<number | undefined>()
    if (sessionId) ended.add(await revokeSession(tx, sessionId, 'logout'))
    if (presented) ended.add(await revokeSessionOfRefreshToken(tx, presented, 'logout'))
    for (const userId of ended) if (userId !== undefined) await announce.user(userId)
  })
}
