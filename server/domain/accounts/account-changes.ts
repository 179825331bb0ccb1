import type { Sql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import type { RequestPushes } from '../requests/change-types.ts'
import { lockPhoneRecords, phoneRecordKey, refuseBannedPhone } from '../moderation/kept-records.ts'
import { openRequestsOf } from '../requests/requests.ts'
import type { Transactions } from '../shared/unit-of-work.ts'
import { forgetDevices } from './device-cookies.ts'
import { revokeOtherSessions, startSession, type IssuedRefreshToken } from './sessions.ts'
import { deleteUser, insertUser, updateUser, type NewUser } from './users.ts'
import type { UserRow } from './rows.ts'

/**
 * The units of work of an account's own changes (docs/accounts.md): each one transaction with what it announces.
 * `spend` spends a phone number's proof in it (app.phoneVerification.spendProof), so a failed change leaves the
 * proof usable for a retry.
 */
export type SpendProof = (tx: Queryable) => Promise<void>

/**
 * A new account and its first session. A ban on the number's deleted account refuses it; a parallel deletion is
 * waited for (kept-records.ts).
 */
export async function register(
  sql: Sql,
  user: NewUser,
  recordKey: string,
  spend: SpendProof,
): Promise<{ user: UserRow; session: IssuedRefreshToken }> {
  return sql.begin(async (tx) => {
    await lockPhoneRecords(tx, user.phone)
    await refuseBannedPhone(tx, phoneRecordKey(recordKey, user.phone))
    await spend(tx)
    const row = await insertUser(tx, user)
    return { user: row, session: await startSession(tx, row.user_id) }
  })
}

/** A password change: the other sessions end (`sessionId`, the one making it, stays). */
export async function changePassword(
  events: Transactions,
  userId: number,
  sessionId: string,
  passwordHash: string,
): Promise<void> {
  await events.transaction(async (tx, announce) => {
    await updateUser(tx, userId, { password_hash: passwordHash })
    await revokeOtherSessions(tx, userId, sessionId, 'password changed')
    // Device trust belongs to the password it was earned with (docs/security.md, "Password guessing").
    await forgetDevices(tx, userId)
    // At the commit the other sessions end on every instance (copies, live streams); this one's stays.
    await announce.user(userId)
  })
}

/** A forgotten password's reset with a proof of the number: every session of the account ends. */
export async function resetPassword(
  events: Transactions,
  userId: number,
  passwordHash: string,
  spend: SpendProof,
): Promise<void> {
  await events.transaction(async (tx, announce) => {
    await spend(tx)
    await updateUser(tx, userId, { password_hash: passwordHash })
    await revokeOtherSessions(tx, userId, null, 'password reset')
    await forgetDevices(tx, userId)
    // At the commit every session ends, on every instance.
    await announce.user(userId)
  })
}

/** An account's deletion (docs/adr/0018-moderation-records-by-phone-key.md): what it kept is keyed by `recordKey`. */
export async function deleteAccount(
  context: { events: Transactions; push: Pick<RequestPushes, 'queuePushes' | 'wake'> },
  user: Pick<UserRow, 'user_id' | 'phone'>,
  recordKey: string,
): Promise<void> {
  await context.events.transaction(async (tx, announce) => {
    // Helpers alerted of the user's open requests are stood down before the requests go.
    for (const row of await openRequestsOf(tx, user.user_id))
      await context.push.queuePushes(tx, { kind: 'deleted' }, row)
    for (const requestId of await deleteUser(tx, user, phoneRecordKey(recordKey, user.phone))) {
      await announce.request({ requestId, previousHelperId: null })
      // A request the user helped with: its owner's map drops their shared position (read after the commit).
      await announce.position(requestId)
    }
    // At the commit the account's sessions end on every instance.
    await announce.user(user.user_id)
  })
  context.push.wake()
}
