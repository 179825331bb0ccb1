import { isWithinRadius } from '../domain/requests/reach.ts'
import type { RequestStatus } from '../domain/shared/categories.ts'

export interface ChangedRequest {
  owner_id: number
  responder_id: number | null
  is_test: boolean
  latitude: number | null
  longitude: number | null
  /** Both set on every row the server reads (selectRequests); left out, the owner counts as not suspended. */
  status?: RequestStatus
  /** The owner is suspended or banned now (docs/accounts.md, "Suspension and ban"). */
  owner_suspended?: boolean
}

export interface Listener {
  user_id: number
  is_admin: boolean
  /** The users with a block between them and the listener (docs/safety.md, "Blocks"). */
  blocked_either_way: readonly number[]
  radius: number
  latitude: number | null
  longitude: number | null
}

/**
 * An open request of a suspended or banned owner: admins alone see it, as visibleTo rules for the list
 * (server/domain/requests/requests.ts); completed ones stay in everyone's history.
 */
export function hiddenBySuspension(request: ChangedRequest): boolean {
  return request.owner_suspended === true && request.status !== 'completed'
}

/**
 * Who hears of a change: the owner, the current and the previous helper, admins, and everyone for whom the
 * request is visible without show-all (docs/product.md#help-requests): they share no location, the request has none, or
 * it lies within their radius. Test requests reach admins only (and their owner, who is an admin), and so do the open
 * requests of a suspended or banned owner; a user with a block between them and the owner hears of none of the
 * owner's requests.
 */
export function isRecipient(
  request: ChangedRequest,
  listener: Listener,
  previousHelperId: number | null = null,
): boolean {
  if (listener.is_admin) return true
  if (request.is_test || hiddenBySuspension(request)) return false
  // The list's rule (visibleTo): nothing of the other's requests, not even as their former helper.
  if (listener.blocked_either_way.includes(request.owner_id)) return false
  const id = listener.user_id
  if (id === request.owner_id || id === request.responder_id || id === previousHelperId) return true
  // Without a location on either side, distance cannot exclude anyone: the request is shown (docs/product.md#help-requests).
  return isWithinRadius(listener, request) ?? true
}
