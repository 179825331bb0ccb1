import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { LET_GO_LIMIT, LET_GO_PERIOD_HOURS, LET_GO_WINDOW_MINUTES } from './limit-values.ts'

/*
 * The take-over budget (docs/product.md, "Take-over budget"). A take-over shows the helper the owner's number and
 * stops the search; one that is let go at once costs the owner both for nothing. So a response released by its
 * helper, or removed by the owner (a block included), within LET_GO_WINDOW_MINUTES is recorded as a let-go when it
 * ends (`request_responses.let_go`, migration 00027), and LET_GO_LIMIT let-gos in a rolling LET_GO_PERIOD_HOURS
 * pause the helper's take-overs.
 *
 * The check holds under parallel calls as the limit of running responses does: a take-over holds its helper's row
 * lock (status.ts, takeOver), so the helper's take-overs run one after another, and each counts the let-gos with a
 * snapshot taken after that lock was granted. A let-go is recorded by the statement that ends the response; one that
 * commits while a take-over is under way was concurrent with it, and counts for the next take-over.
 */

/** SQL for the `let_go` value of a response that a release or a removal by the owner ends now. */
export const endsAsLetGo = (sql: Queryable) =>
  sql`now() - started_at <= make_interval(mins => ${LET_GO_WINDOW_MINUTES})`

/**
 * SQL for when `helper` may take a request over again: the moment the oldest of their last LET_GO_LIMIT let-gos
 * leaves the period, or null while they have fewer than LET_GO_LIMIT let-gos in it.
 */
export const takeOverPausedUntil = (sql: Queryable, helper: number) => sql`(
  select ended_at + make_interval(hours => ${LET_GO_PERIOD_HOURS})
  from request_responses
  where responder_id = ${helper} and let_go and ended_at > now() - make_interval(hours => ${LET_GO_PERIOD_HOURS})
  order by ended_at desc
  offset ${LET_GO_LIMIT - 1} limit 1
)`

/** SQL: how many let-gos `helper` made in the last `days` days (the admin's user card). */
export const letGosWithin = (sql: Queryable, helper: PendingQuery<Row[]>, days: number) => sql`(
  select count(*)::int from request_responses
  where responder_id = ${helper} and let_go and ended_at > now() - make_interval(days => ${days})
)`

const LET_GO_PREFIX = `You have let go of ${LET_GO_LIMIT} requests in the last day. You can take a request over again in about `

/**
 * The message of the take-over budget's 429, in whole hours rounded up ("in about 5 hours"; under an hour: "in
 * about 1 hour"). The app recognises it (parseLetGoPause) and says the same in the user's language.
 */
export function letGoPauseMessage(retryAfterSeconds: number): string {
  const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600))
  return `${LET_GO_PREFIX}${hours} ${hours === 1 ? 'hour' : 'hours'}.`
}

const LET_GO_PATTERN =
  /^You have let go of \d+ requests in the last day\. You can take a request over again in about (\d+) hours?\.$/

/** The hours in a take-over budget's message, or null when the message is something else. */
export function parseLetGoPause(message: string): { hours: number } | null {
  const match = LET_GO_PATTERN.exec(message)
  return match ? { hours: Number(match[1]) } : null
}
