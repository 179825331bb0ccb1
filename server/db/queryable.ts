import type postgres from 'postgres'

/** The pool or a transaction: repository functions take either, so callers decide the transaction boundary. */
export type Queryable = postgres.ISql
