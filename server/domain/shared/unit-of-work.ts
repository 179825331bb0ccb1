import type { TransactionWork } from '../requests/change-types.ts'

/**
 * `app.events`, as a change's unit of work borrows it: runs work in one transaction whose announcements are told at
 * its commit. A route hands it to the domain function of its change and never opens a transaction itself
 * (docs/architecture.md, "One change end to end").
 */
export interface Transactions {
  transaction<T>(work: TransactionWork<T>): Promise<T>
}

/** `app.events.transaction`, as a creating call's work receives it from `app.answerOnce` (its one transaction). */
export type Transaction = <T>(work: TransactionWork<T>) => Promise<T>
