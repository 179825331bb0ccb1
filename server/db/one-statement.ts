import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from './queryable.ts'

/*
 * Helpers for doing several things in one statement (docs/performance.md, "Round trips of a change"): each
 * statement of a transaction is a round trip to PostgreSQL, and data-modifying CTEs let one statement write several
 * tables, read back what it wrote and send NOTIFYs.
 */

/** Comma-separated, for a statement's list of CTEs. */
export function commaList(sql: Queryable, parts: ReadonlyArray<PendingQuery<Row[]>>): PendingQuery<Row[]> {
  return parts.reduce((all, part) => sql`${all}, ${part}`)
}

/** A NOTIFY to send inside a transaction: on which channel, with which payload. */
export interface Notice {
  channel: string
  payload: string
}

/**
 * SQL that sends these NOTIFYs, in order, where a statement evaluates it (a number: how many), and only when
 * `when` holds in that statement (e.g. its change was not refused): a change puts its NOTIFYs in the statement that
 * writes it instead of a statement each. Like any NOTIFY, they reach the listeners at commit, and never on a rollback.
 */
export function notifying(
  sql: Queryable,
  notices: ReadonlyArray<Notice | null>,
  when = sql`true`,
): PendingQuery<Row[]> {
  const sent = notices.filter((notice): notice is Notice => notice !== null)
  if (sent.length === 0) return sql`0`
  return sql`(
    select count(*) from (
      select pg_notify(n.channel, n.payload)
      from unnest(${sent.map((n) => n.channel)}::text[], ${sent.map((n) => n.payload)}::text[]) as n (channel, payload)
      where ${when}
    ) as sent
  )`
}
