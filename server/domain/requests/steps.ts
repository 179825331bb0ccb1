import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { forbidden, notFound, type HttpError } from '../../errors.ts'
// Types only: what a change tells is what the bus carries (server/plugins/events.ts lends the announcers).
import type { PushCauseKind, RequestChange } from './change-types.ts'
import { suspensionInForce, suspensionOf } from '../moderation/in-force.ts'
import { refusalMessage } from '../moderation/refusal.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { visibleTo, type LockedForChange, type Viewer } from './requests.ts'

/*
 * A request change in two statements (docs/performance.md, "Round trips of a change"): the first takes its row locks
 * (lockForChange), the second checks every rule with a snapshot taken after those locks were granted, and, when no
 * rule is broken, writes, reads the request back, announces it and queues its pushes. With begin and commit, four
 * round trips. change.ts runs them; each change (status.ts, edits.ts) says what to lock, what to tell and what its
 * statement writes.
 */

/**
 * What a change tells: which request, whether nothing changed (a view counted before), which push it causes,
 * and whether it ended a response without a push of its own (a block: docs/safety.md, "Blocks").
 */
export type Told = RequestChange & { unchanged?: true; push?: PushCauseKind; endsResponse?: true }

/** A change's statement's answer besides the request: the first rule it broke, if any (refusalOf). */
export interface Refusal {
  /** The index of the first broken rule, null when none was. */
  refused: number | null
  /** The decision in force on the acting user, when the statement reads it (suspensionOf): for its error. */
  refused_until?: Date | null
  refused_reason?: string | null
  /** Seconds until the refused call may be made again, when its statement reads it (refusalOf's `retryAt`). */
  refused_retry_after?: number | null
}

/** A rule of a change: SQL that is true when the rule is broken, and the error that then answers the call. */
export interface Rule<Answer extends Refusal = Refusal> {
  broken: PendingQuery<Row[]>
  error: (refusal: Answer) => HttpError
}

/** The rule that the acting user is not suspended or banned, for a statement that joins `suspensionOf` as `s`. */
export const notSuspended = (sql: Queryable): Rule => ({
  broken: sql`s.reason is not null`,
  error: (refusal) => forbidden(refusalMessage(refusal.refused_until ?? null, refusal.refused_reason!)),
})

/** The rule every change of an existing request starts with: the viewer may see it, else 404. */
export const visible = (sql: Queryable, viewer: Viewer): Rule => ({
  broken: sql`not (${visibleTo(sql, viewer)})`,
  error: () => notFound(REQUEST_ERRORS.notFound),
})

/** When there is no such request: 404, unless the acting user is suspended or banned (checked first, as always). */
export async function missingFor(tx: Queryable, userId?: number): Promise<HttpError> {
  const suspension = userId === undefined ? undefined : await suspensionInForce(tx, userId)
  return suspension ? forbidden(refusalMessage(suspension.until, suspension.reason)) : notFound(REQUEST_ERRORS.notFound)
}

/**
 * SQL for the `refused` column of a change's `refusal` CTE: the index of the first broken rule, in the order given
 * (the order the rules were always checked in, so a call breaking several hears the same error as before).
 */
export function firstBroken<Answer extends Refusal>(sql: Queryable, rules: Array<Rule<Answer>>): PendingQuery<Row[]> {
  if (rules.length === 0) return sql`null::int`
  const whens = rules.map((rule, index) => sql`when ${rule.broken} then ${index}::int`)
  return sql`case ${whens.reduce((all, when) => sql`${all} ${when}`)} end`
}

/**
 * The `refusal` CTE of a change of the existing request `requestId`: its rules read it as `r`, with the snapshot
 * of the change's statement; `suspended`: they also read the decision in force on this user as `s` (notSuspended);
 * `retryAt`: SQL for when a refused call may come again (a limit's Retry-After).
 */
export function refusalOf(
  sql: Queryable,
  refused: PendingQuery<Row[]>,
  requestId: number,
  suspended?: number,
  retryAt: PendingQuery<Row[]> = sql`null::timestamptz`,
): PendingQuery<Row[]> {
  return sql`refusal as (
    select ${refused} as refused, extract(epoch from ${retryAt} - now())::float8 as refused_retry_after, ${
      suspended === undefined
        ? sql`null::timestamptz as refused_until, null::text as refused_reason`
        : sql`s.until as refused_until, s.reason as refused_reason`
    }
    from requests r
    ${suspended === undefined ? sql`` : sql`left join ${suspensionOf(sql, suspended)} s on true`}
    where r.request_id = ${requestId}
  )`
}

/** SQL: the change's statement found no broken rule (its `refusal`). */
export const allowed = (sql: Queryable) => sql`(select refused from refusal) is null`

/** How a change is made in its two statements (change.ts). */
export interface ChangeSteps {
  /** The first statement: the change's locks, answering the request as locked; undefined when there is none. */
  lock(tx: Queryable): Promise<LockedForChange | undefined>
  /** The error when the lock found no request (it may read what decides it: a suspension comes first). */
  missing(tx: Queryable): Promise<HttpError>
  /** What the change tells, and who responds once it is made (the pushes name them), from the locked request. */
  told(locked: LockedForChange): Told & { helperAfter: number | null }
  /**
   * The change leaves the acting user neither owner nor helper of an open request (a release), so the answer may
   * show them the owner's number by reach: the lock takes their reveal lock (lockForChange's `revealLock`) and the
   * statement records the reveal (reachReveal, in the statement: change.ts).
   */
  reveals?: true
  /** The change's rules, in the order they are checked, as SQL read by its statement. */
  rules(tx: Queryable, locked: LockedForChange): Rule[]
  /**
   * The CTEs of the second statement: `refusal`, one row whose `refused` is `refused` (firstBroken of the rules),
   * and `changed`, the request's rows as written (every column of `requests`; none when a rule was broken), whose
   * update adds `counted` to its SET list (the alerts its stand-down forgets, or nothing).
   */
  statement(
    tx: Queryable,
    locked: LockedForChange,
    refused: PendingQuery<Row[]>,
    counted: PendingQuery<Row[]>,
  ): PendingQuery<Row[]>
}

/**
 * A change made inside other work that tells of it itself (a block ends responses: change.ts `changeSeveral`): its
 * two statements, refused as a change is, with neither news nor pushes. Answers the request as locked before it.
 */
export async function makeUntold(tx: Queryable, steps: ChangeSteps): Promise<LockedForChange> {
  const locked = await steps.lock(tx)
  if (!locked) throw await steps.missing(tx)
  const rules = steps.rules(tx, locked)
  const [answer] = await tx<Refusal[]>`
    with ${steps.statement(tx, locked, firstBroken(tx, rules), tx``)}
    select refused, refused_until, refused_reason, refused_retry_after from refusal
  `
  if (answer!.refused !== null) throw rules[answer!.refused]!.error(answer!)
  return locked
}
