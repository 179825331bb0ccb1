import type { Config } from '../config.ts'

/**
 * The per-address limit of a public account endpoint, per instance (in memory). The limits that must hold
 * across instances, failed logins and SMS sends, are counted in the database.
 */
export function accountRateLimit(config: Pick<Config, 'ACCOUNT_REQUESTS_PER_MINUTE'>) {
  return { rateLimit: { max: config.ACCOUNT_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } }
}
