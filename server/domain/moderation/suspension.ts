import type { TransactionSql } from 'postgres'
export interface Suspension {
  userId: number
  until: Date | null /* null: banned */
  reason: string
  decidedBy: number
}
/** Suspends or bans the user in the caller's transaction; answers the ids of requests whose change must be announced. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a placeholder: the suspension's own module replaces it at merge
export async function suspendAccount(tx: TransactionSql, suspension: Suspension): Promise<number[]> {
  return []
}
