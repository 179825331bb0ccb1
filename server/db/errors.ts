/**
 * Errors that mean "the database cannot be reached right now" rather than "this query is wrong".
 * They become 503 answers, and postgres.js reconnects by itself on the next query.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ENOENT', // the embedded server's unix socket is gone
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
])

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code: raw } = error as { code?: unknown }
  const code = typeof raw === 'string' ? raw : ''
  return UNAVAILABLE_CODES.has(code) || code.startsWith('08') // 08xxx: connection_exception class
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError'
}
