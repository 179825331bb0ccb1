import { ACTIVE_REQUEST_LIMIT, ACTIVE_RESPONSE_LIMIT } from '#server/domain/requests/limit-values.ts'
import type { HelpRequest } from './api.ts'

/**
 * The server's limits as the loaded list shows them, so a button that cannot work is disabled with its reason before
 * anything is filled in (docs/product.md#limits). The server still decides: a list that misses one of the user's
 * requests only leaves the button enabled, and the server's refusal is shown as before.
 */
export const atActiveRequestLimit = (requests: readonly HelpRequest[]): boolean =>
  requests.filter((request) => request.isOwnRequest && request.status !== 'completed').length >= ACTIVE_REQUEST_LIMIT

export const atActiveResponseLimit = (requests: readonly HelpRequest[], userId: number): boolean =>
  requests.filter((request) => request.responder_id === userId && request.status === 'in progress').length >=
  ACTIVE_RESPONSE_LIMIT
