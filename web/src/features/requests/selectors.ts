import type { HelpRequest } from './api.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { distanceFrom } from './distance.ts'

/**
 * Pure selectors of the request list (docs/product.md#help-requests), tested in test/unit/web/requests.test.ts without a
 * DOM.
 */

/** Who is looking: enough to apply the visibility rules of docs/product.md#help-requests. */
export interface Viewer {
  userId: number
  /** km */
  radius: number
  position: Coordinates | null
  isAdmin: boolean
  showAll: boolean
}

export const isActive = (request: HelpRequest): boolean => request.status !== 'completed'

/** The viewer is this request's helper (a completed request has none left to act). */
export const isHelper = (request: HelpRequest, userId: number): boolean =>
  request.responder_id !== null && request.responder_id === userId

/**
 * Visibility (docs/product.md#help-requests): own, helper, no location, or within the radius; otherwise only in
 * show-all. A viewer without a position is shown everything. Test requests are for admins only (the server
 * already leaves them out; this keeps the rule if it ever did not).
 */
export function isVisible(request: HelpRequest, viewer: Viewer): boolean {
  if (request.is_test && !viewer.isAdmin) return false
  if (viewer.showAll) return true
  if (request.isOwnRequest || isHelper(request, viewer.userId)) return true
  const distance = distanceFrom(viewer.position, request)
  if (distance === null) return true
  return distance <= viewer.radius
}

/** The sort groups of the list order (docs/product.md#help-requests): lower comes first. */
function rank(request: HelpRequest, userId: number): number {
  if (request.isOwnRequest && isActive(request)) return 0
  if (isHelper(request, userId) && isActive(request)) return 1
  return isActive(request) ? 2 : 3
}

/** Own active, then ones I respond to, then active before completed, then updated_at newest first. */
export function orderRequests(requests: readonly HelpRequest[], userId: number): HelpRequest[] {
  return [...requests].sort(
    (a, b) => rank(a, userId) - rank(b, userId) || Date.parse(b.updated_at) - Date.parse(a.updated_at),
  )
}

/** What the list shows, in its order. */
export function visibleRequests(requests: readonly HelpRequest[], viewer: Viewer): HelpRequest[] {
  return orderRequests(
    requests.filter((request) => isVisible(request, viewer)),
    viewer.userId,
  )
}
