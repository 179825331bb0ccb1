import type { Config } from '../config.ts'

/**
 * The per-address limit of a public account endpoint, counted in the database (server/plugins/rate-limit.ts) so it
 * holds across instances. It runs on every request before the handler looks anything up, so the answers of these
 * endpoints cannot be used to probe which phone numbers or names exist faster than this.
 */
export function accountRateLimit(config: Pick<Config, 'ACCOUNT_REQUESTS_PER_MINUTE'>) {
  return { rateLimit: { max: config.ACCOUNT_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } }
}

/**
 * The per-address limit of a share link's page (GET /api/shared/{token}), which anyone may call without an account:
 * counted like the account endpoints', so neither guessing tokens nor polling hard gets far.
 */
export function sharedLinkRateLimit(config: Pick<Config, 'SHARED_LINK_REQUESTS_PER_MINUTE'>) {
  return { rateLimit: { max: config.SHARED_LINK_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } }
}
