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

/**
 * Receipts of alerts (POST /api/push/receipts/{receipt}) come from phones without a session, many at once after a
 * wave, and many phones share a carrier's address (CGNAT): generous, only a bound on junk. A token cannot be
 * guessed, so the limit guards the database's work, not the tokens.
 */
export const RECEIPTS_PER_MINUTE = 600
export const receiptRateLimit = { rateLimit: { max: RECEIPTS_PER_MINUTE, timeWindow: '1 minute' } }

/**
 * The size of a kept map (GET /tiles/area) is public and costs a directory lookup per tile, some 13,000 at zoom 15
 * and 30 km: an app asks once when the map is kept or updated, so a low bound per address keeps it from being used
 * to load the server.
 */
export const AREA_SIZES_PER_MINUTE = 20
export const areaSizeRateLimit = { rateLimit: { max: AREA_SIZES_PER_MINUTE, timeWindow: '1 minute' } }
