import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'

/**
 * Runs a limit's check and its record in one transaction holding an advisory lock per key, so parallel requests
 * for the same key, on any instance sharing the database, are serialised: a limit that is read and then written in
 * two unlocked steps lets a burst of parallel requests all pass it.
 */
export async function withLimitLocks<T>(
  sql: Sql,
  keys: readonly string[],
  body: (tx: TransactionSql) => Promise<T>,
): Promise<T> {
  return sql.begin(async (tx) => {
    await lockLimitKeys(tx, keys)
    return body(tx)
  }) as Promise<T>
}

/**
 * The locks of withLimitLocks, taken in a transaction the caller already runs (held until it ends). Keys are locked
 * in sorted order in a single statement, so two callers sharing keys cannot deadlock.
 */
export async function lockLimitKeys(tx: TransactionSql, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort()
  // unnest yields the array in order, and the function scan evaluates the locks in that order.
  await tx`select count(${limitLock(tx, tx`key`)}) from unnest(${sorted}::text[]) as key`
}

/** SQL that takes the lock of one key (`key`: SQL for the text), for a statement that takes it with others. */
export const limitLock = (sql: Queryable, key: PendingQuery<Row[]>) =>
  sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`
