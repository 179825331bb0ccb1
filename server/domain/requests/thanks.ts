import type { PendingQuery, Row, TransactionSql } from 'postgres'
import { blockBetweenSql } from '../blocks/blocked-either-way.ts'
import { BLOCK_ERRORS } from '../blocks/errors.ts'
import type { AlongWith } from '../conversation/conversation.ts'
import { commaList, notifying } from '../../db/one-statement.ts'
import type { Queryable } from '../../db/queryable.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import type { Thanks, Trust } from '../../schemas/thanks.ts'
import { findRequest, lockForChange, type Viewer } from './requests.ts'
import { REQUEST_ERRORS, THANKS_ERRORS } from './errors.ts'
import { allowed, firstBroken, refusalOf, visible, type Refusal, type Rule } from './steps.ts'
import type { Transaction } from '../shared/unit-of-work.ts'
import type { ThanksRow } from './rows.ts'

/**
 * Thanks and trust (docs/requests.md, "Thanks and trust"). Counts only, no ratings: a helper's count is the number of distinct
 * cyclists (request owners) who marked one of their real requests "help received" while this helper was its
 * helper. Distinct owners, not requests: the words are "helped N cyclists", and two friends marking each other's
 * made-up requests again and again cannot inflate it past one. Test requests never count.
 *
 * The count is the helper's, not the request's: it is recorded when the request is marked ready (recordHelp, in
 * that transaction) and never read from the requests again, so the owner deleting the completed request or their
 * account does not take the help back (docs/adr/0004-helped-counts-outlive-requests.md).
 */

const selectThanks = (sql: Queryable) => sql`
  select t.request_id, t.owner_id, t.helper_id, u.user_name as owner_name, t.text, t.created_at
  from request_thanks t
  join users u on u.user_id = t.owner_id
`

/** A thank-you about to be stored, as what goes with it needs it (its push): known once the lock is held. */
export interface Thanking {
  request_id: number
  owner_name: string
  text: string
  helperId: number
}

/**
 * Stores the owner's one thank-you, in two statements (docs/performance.md, "Round trips of a change"): the
 * request's row lock, which orders it after the completion it depends on, then one statement that checks the
 * rules with a snapshot taken after the lock was granted (so a parallel twin's thank-you is seen: 409), stores it
 * and does what `along` adds (its push and NOTIFY). The primary key on request_id is the last guard against a
 * second row.
 */
export async function sendThanks(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  text: string,
  along: (thanking: Thanking) => AlongWith,
): Promise<ThanksRow> {
  const locked = await lockForChange(tx, viewer, requestId, { lockUser: false, waves: 'keep' })
  if (!locked) throw notFound(REQUEST_ERRORS.notFound)
  const me = viewer.user_id
  const helperId = locked.responder_id
  const rules: Rule[] = [
    visible(tx, viewer),
    { broken: tx`r.owner_id <> ${me}`, error: () => forbidden(THANKS_ERRORS.notOwner) },
    { broken: tx`r.status <> 'completed'`, error: () => conflict(THANKS_ERRORS.notCompleted) },
    { broken: tx`not coalesce(r.got_help, false)`, error: () => conflict(THANKS_ERRORS.noHelpReceived) },
    { broken: tx`r.responder_id is null`, error: () => conflict(THANKS_ERRORS.noHelper) },
    // A block either way: nothing of one reaches the other (docs/safety.md, "Blocks").
    { broken: blockBetweenSql(tx, me, tx`r.responder_id`), error: () => forbidden(BLOCK_ERRORS.thanks) },
    {
      broken: tx`exists (select 1 from request_thanks t where t.request_id = r.request_id)`,
      error: () => conflict(THANKS_ERRORS.alreadyThanked),
    },
  ]
  const extra =
    helperId === null
      ? { ctes: [], notices: [] }
      : along({ request_id: requestId, owner_name: locked.viewer_name, text, helperId })
  const [answer] = await tx<Array<Refusal & { notified: unknown } & ThanksRow>>`
    with ${refusalOf(tx, firstBroken(tx, rules), requestId)},
    inserted as (
      insert into request_thanks (request_id, owner_id, helper_id, text)
      select ${requestId}, ${me}, ${helperId}::int, ${text}
      where ${allowed(tx)}
      on conflict (request_id) do nothing
      returning *
    )
    ${extra.ctes.length > 0 ? tx`, ${commaList(tx, extra.ctes)}` : tx``}
    select refusal.refused, refusal.refused_until, refusal.refused_reason,
      t.request_id, t.owner_id, t.helper_id, u.user_name as owner_name, t.text, t.created_at,
      ${notifying(tx, extra.notices, tx`exists (select 1 from inserted)`)} as notified
    from refusal left join (inserted t join users u on u.user_id = t.owner_id) on true
  `
  const { refused, refused_until, refused_reason, notified: _notified, ...thanks } = answer!
  if (refused !== null) throw rules[refused]!.error({ refused, refused_until, refused_reason })
  if (thanks.request_id === null) throw conflict(THANKS_ERRORS.alreadyThanked)
  return thanks
}

export async function thanksOf(sql: Queryable, requestId: number): Promise<ThanksRow | undefined> {
  const [row] = await sql<ThanksRow[]>`${selectThanks(sql)} where t.request_id = ${requestId}`
  return row
}

/**
 * Records what marking `requestId` ready gave its helper: a cyclist helped (with "help received": one row per
 * distinct owner) and a request helped with (the admin's count). Runs in setReady's transaction, after the request
 * became completed, so the count exists exactly when the completion does. Nothing for a test request or one
 * completed without a helper.
 */
export async function recordHelp(tx: TransactionSql, requestId: number): Promise<void> {
  await tx`
    with changed as (select * from requests where request_id = ${requestId}), ${commaList(tx, recordingHelp(tx))}
    select 1
  `
}

/**
 * recordHelp as CTEs of the statement that marks the request ready: from its `changed` (the request as that
 * statement wrote it; none when refused).
 */
export const recordingHelp = (sql: Queryable) => [
  sql`done as (
    select request_id, responder_id, owner_id, got_help from changed
    where status = 'completed' and responder_id is not null and not is_test
  )`,
  sql`cyclist as (
    insert into helped_cyclists (helper_id, owner_id)
    select responder_id, owner_id from done where got_help
    on conflict (helper_id, owner_id) do nothing
  )`,
  sql`helped as (
    insert into helped_requests (request_id, helper_id)
    select request_id, responder_id from done
    on conflict (request_id) do nothing
  )`,
]

/** How many distinct cyclists this user has helped (see the module's comment). One index-only scan. */
export async function helpedCount(sql: Queryable, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from helped_cyclists where helper_id = ${userId}`
  return row!.n
}

/**
 * What the request detail shows besides the request: the helper's helped count to whoever sees the helper's
 * name (everyone who may see an open request; nobody once it is completed, like the name), the thank-you to its
 * two people only, the owner and the helper it thanks, and whether the owner may still send one.
 */
export async function trustFor(sql: Queryable, viewer: Viewer, requestId: number): Promise<Trust> {
  const request = await findRequest(sql, viewer, requestId)
  const showsHelper = request.status !== 'completed' && request.responder_id !== null
  const thanks = await thanksOf(sql, requestId)
  const mayReadThanks =
    thanks !== undefined && (thanks.owner_id === viewer.user_id || thanks.helper_id === viewer.user_id)
  const canThank =
    request.owner_id === viewer.user_id &&
    request.status === 'completed' &&
    request.got_help === true &&
    request.responder_id !== null &&
    thanks === undefined &&
    !viewer.blocked_either_way.includes(request.responder_id)
  return {
    responder_helped: showsHelper ? await helpedCount(sql, request.responder_id!) : null,
    thanks: mayReadThanks ? thanksJson(thanks) : null,
    canThank,
  }
}

export function thanksJson(row: ThanksRow): Thanks {
  return {
    request_id: row.request_id,
    owner_name: row.owner_name,
    text: row.text,
    created_at: row.created_at.toISOString(),
  }
}

/** Thank-yous last as long as their request is listed, like its conversation. */
export async function purgeThanks(sql: Queryable, historyDays: number): Promise<number> {
  const purged = await sql`
    delete from request_thanks t using requests r
    where r.request_id = t.request_id
      and (r.deleted_at is not null or r.completed_at <= now() - make_interval(days => ${historyDays}))
    returning 1
  `
  return purged.length
}

/**
 * What thanking needs of the running server: the one transaction `app.answerOnce` hands over, the thank-you's push
 * as a CTE (server/push/thanks-push.ts, lent: the domain never loads `push`), and the push worker's wake-up.
 */
export interface ThanksContext {
  transaction: Transaction
  pushInStatement: (sql: Queryable, thanking: Thanking, helperId: number) => PendingQuery<Row[]>
  wake: () => void
}

/**
 * The unit of work of a thank-you: stored, with its push and its news in the statement that stores it
 * (docs/performance.md, "Round trips of a change"), announced to the helper at the commit.
 */
export async function thank(context: ThanksContext, viewer: Viewer, requestId: number, text: string): Promise<Thanks> {
  const thanks = await context.transaction(async (tx, announce) => {
    const stored = await sendThanks(tx, viewer, requestId, text, (thanking) => ({
      ctes: [context.pushInStatement(tx, thanking, thanking.helperId)],
      notices: [announce.notice({ type: 'thanks', requestId: thanking.request_id })],
    }))
    await announce.thanks(stored, true)
    return thanksJson(stored)
  })
  context.wake()
  return thanks
}
