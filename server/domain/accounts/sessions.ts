import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { forbidden, unauthorized } from '../../errors.ts'
import { suspendedNow, suspensionInForce } from '../moderation/in-force.ts'
import { refusalMessage } from '../moderation/refusal.ts'
import type { LiveSession } from './session-cache.ts'
import { userColumns } from './users.ts'
import type { UserRow } from './rows.ts'

/** What the key that derives each refresh token's successor is derived for (app.deriveKey). */
export const REFRESH_SUCCESSOR_KEY_PURPOSE = 'refresh-token-successor'

/** A login lasts at most this long, however often its refresh token is rotated. */
export const SESSION_DAYS = 30

/**
 * A refresh token exchanged this recently may be presented again without ending the session. The answer to a
 * refresh can be lost after the server rotated the token (a reload or a closed tab mid-request, a dropped mobile
 * connection): the browser then still holds the old cookie, and strict reuse detection would log the user out.
 * Auth0 and Okta use the same kind of window; a replay after it still revokes the whole session. A replay within
 * it is answered the session's current token, never a new one (rotateRefreshToken), so the window cannot fork the
 * session into two live chains.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20

/**
 * How many rotations after a replayed token its replay looks for the session's current token. A lost answer is
 * retried with the token before the current one (one step); a longer chain within the grace window is a client
 * refreshing in a loop, and its replay is refused rather than followed further.
 */
const REPLAY_STEPS = 8

export interface IssuedRefreshToken {
  sessionId: string
  refreshToken: string
  expiresAt: Date
}

function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/**
 * The token that follows `token` in its session: the HMAC of it under a key derived from the signing secret (so
 * every instance computes the same one, and a copy of the database, which keeps only hashes, computes none). A
 * rotation is thereby idempotent: presenting a token again yields the successor it yielded the first time, and a
 * replay cannot start a second chain. A session's first token is random (startSession).
 */
function successorOf(successorKey: string, token: string): string {
  return createHmac('sha256', successorKey).update(token).digest('base64url')
}

/** Only this hash is stored: a copy of the database does not let anyone log in. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function startSession(sql: Queryable, userId: number): Promise<IssuedRefreshToken> {
  const sessionId = randomUUID()
  const { token, hash } = newRefreshToken()
  const [session] = await sql<{ expires_at: Date }[]>`
    insert into sessions (session_id, user_id, expires_at)
    values (${sessionId}, ${userId}, now() + make_interval(days => ${SESSION_DAYS}))
    returning expires_at
  `
  await sql`insert into refresh_tokens (token_hash, session_id) values (${hash}, ${sessionId})`
  return { sessionId, refreshToken: token, expiresAt: session!.expires_at }
}

interface PresentedToken {
  session_id: string
  user_id: number
  rotated_at: Date | null
  within_grace: boolean
  revoked_at: Date | null
  expired: boolean
  expires_at: Date
}

/**
 * Runs `work` in a transaction in which `endsSessionsOf(userId)` tells every instance, at the commit and atomically
 * with it, that the user's sessions changed (app.events.transaction's `user` announcer): their copies and live
 * streams go everywhere before the caller answers.
 */
export type SessionTransaction = <T>(
  work: (tx: TransactionSql, endsSessionsOf: (userId: number) => Promise<void>) => Promise<T>,
) => Promise<T>

/**
 * Exchanges a refresh token for the next one of the same session (docs/accounts.md, "Tokens"). The next one is
 * `successorOf` the presented one, under `successorKey` (`deriveKey(REFRESH_SUCCESSOR_KEY_PURPOSE)`). A token
 * exchanged before, within the grace window, is answered the session's current token: its own successor, or that
 * one's successor if the chain moved on meanwhile (one walk of at most REPLAY_STEPS), so parallel or repeated
 * exchanges of one token all get the same answer and no second chain starts. Longer ago, it means someone else
 * holds a copy: the whole session is revoked, for the thief and the owner alike. A token of a suspended or banned
 * account is refused with 403 and the decision's words, so the app it signs out can say why (its session was ended
 * by the suspension anyway). Every exchange of a session's tokens waits for the session's row lock, so they run one
 * after the other.
 */
export async function rotateRefreshToken(
  transaction: SessionTransaction,
  presented: string,
  successorKey: string,
): Promise<IssuedRefreshToken & { userId: number }> {
  let refusal: Awaited<ReturnType<typeof suspensionInForce>>
  const result = await transaction(async (tx, endsSessionsOf) => {
    const [token] = await tx<PresentedToken[]>`
      select t.session_id, s.user_id, t.rotated_at, s.revoked_at, s.expires_at <= now() as expired,
        s.expires_at, t.rotated_at > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}) as within_grace
      from refresh_tokens t join sessions s using (session_id)
      where t.token_hash = ${hashToken(presented)}
      for update of t, s
    `
    if (!token) return undefined
    refusal = await suspensionInForce(tx, token.user_id)
    if (refusal || token.revoked_at || token.expired) return undefined
    const issued = { sessionId: token.session_id, expiresAt: token.expires_at, userId: token.user_id }
    if (!token.rotated_at) {
      const next = successorOf(successorKey, presented)
      await tx`update refresh_tokens set rotated_at = now() where token_hash = ${hashToken(presented)}`
      await tx`insert into refresh_tokens (token_hash, session_id) values (${hashToken(next)}, ${token.session_id})`
      return { ...issued, refreshToken: next }
    }
    if (!token.within_grace) {
      const revokedUserId = await revokeSession(tx, token.session_id, 'refresh token reused')
      if (revokedUserId !== undefined) await endsSessionsOf(revokedUserId)
      return undefined
    }
    const current = await currentTokenAfter(tx, token.session_id, presented, successorKey)
    return current === undefined ? undefined : { ...issued, refreshToken: current }
  })
  if (refusal) throw forbidden(refusalMessage(refusal.until, refusal.reason))
  if (!result) throw unauthorized('Session expired, log in again')
  return result
}

/**
 * The first of `rotated`'s successors that has not been exchanged itself: the session's current token, which a
 * replay within the grace window is answered. Undefined when the chain is longer than REPLAY_STEPS, or broken
 * (a successor not stored: the signing secret changed since, or the token was exchanged before successors were
 * derived); the replay is then refused without ending the session, which it is no sign against.
 */
async function currentTokenAfter(
  tx: TransactionSql,
  sessionId: string,
  rotated: string,
  successorKey: string,
): Promise<string | undefined> {
  const chain: string[] = []
  for (let token = rotated; chain.length < REPLAY_STEPS;) chain.push((token = successorOf(successorKey, token)))
  const rows = await tx<{ token_hash: string; rotated: boolean }[]>`
    select token_hash, rotated_at is not null as rotated from refresh_tokens
    where session_id = ${sessionId} and token_hash in ${tx(chain.map(hashToken))}
  `
  const stored = new Map(rows.map((row) => [row.token_hash, row.rotated]))
  for (const token of chain) {
    const rotated = stored.get(hashToken(token))
    if (rotated === undefined) return undefined
    if (!rotated) return token
  }
  return undefined
}

/** Ends a live session; answers its user's id, or undefined when it had already ended (nothing changed). */
export async function revokeSession(sql: Queryable, sessionId: string, reason: string): Promise<number | undefined> {
  const [row] = await sql<{ user_id: number }[]>`
    update sessions set revoked_at = now(), revoked_reason = ${reason}
    where session_id = ${sessionId} and revoked_at is null
    returning user_id
  `
  return row?.user_id
}

/** After a password change or reset: every login of this user except the one making the change ends. */
export async function revokeOtherSessions(
  sql: Queryable,
  userId: number,
  keepSessionId: string | null,
  reason: string,
): Promise<void> {
  await sql`
    update sessions set revoked_at = now(), revoked_reason = ${reason}
    where user_id = ${userId} and revoked_at is null
      ${keepSessionId ? sql`and session_id <> ${keepSessionId}` : sql``}
  `
}

/**
 * The user behind an access token, while its session is still live and the account not suspended: logout,
 * deletion and a suspension act at once (a session that a login started while a suspension was being decided is
 * refused here too). With how long the session has left, so that a copy of the answer (session-cache.ts) never
 * outlives it.
 */
export async function liveSession(sql: Queryable, sessionId: string, userId: number): Promise<LiveSession | undefined> {
  const [row] = await sql<(UserRow & { expires_in_ms: number })[]>`
    select ${userColumns(sql, 'u')},
      (extract(epoch from s.expires_at - now()) * 1000)::float8 as expires_in_ms
    from sessions s join users u using (user_id)
    where s.session_id = ${sessionId} and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > now()
      and not ${suspendedNow(sql, 'u.user_id')}
  `
  if (!row) return undefined
  const { expires_in_ms: expiresInMs, ...user } = row
  return { user, expiresInMs }
}

/**
 * Logout with only the cookie (the access token may have expired): ends the session the token belongs to.
 * Answers its user's id, or undefined when no live session was ended.
 */
export async function revokeSessionOfRefreshToken(
  sql: Queryable,
  presented: string,
  reason: string,
): Promise<number | undefined> {
  const [row] = await sql<{ user_id: number }[]>`
    update sessions set revoked_at = now(), revoked_reason = ${reason}
    where revoked_at is null
      and session_id = (select session_id from refresh_tokens where token_hash = ${hashToken(presented)})
    returning user_id
  `
  return row?.user_id
}

/**
 * A user as stored now, with which of their sessions are still live: what an instance needs, in one query, to end
 * the live streams of ended sessions and refresh the others after a `user` event. Undefined when the user is gone.
 */
export async function userWithLiveSessions(
  sql: Queryable,
  userId: number,
): Promise<{ user: UserRow; liveSessionIds: string[] } | undefined> {
  const [row] = await sql<(UserRow & { live_session_ids: string[] })[]>`
    select ${userColumns(sql, 'u')},
      array(
        select s.session_id::text from sessions s
        where s.user_id = u.user_id and s.revoked_at is null and s.expires_at > now()
      ) as live_session_ids
    from users u
    where u.user_id = ${userId}
  `
  if (!row) return undefined
  const { live_session_ids: liveSessionIds, ...user } = row
  return { user, liveSessionIds }
}
