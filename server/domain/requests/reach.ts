import { distanceKm, type Point } from '../shared/distance.ts'

export interface Place {
  latitude: number | null
  longitude: number | null
}

/** A user's stored location and chosen radius: how far their help reaches. */
export interface Reach extends Place {
  radius: number
}

/**
 * Whether the request lies within the user's radius of their stored location (docs/product.md#help-requests), or null
 * when either has no location and distance cannot tell. Callers decide what an unknown means: the list shows such
 * requests to everyone, while a phone number is shown only where the distance is known to be within reach.
 */
export function isWithinRadius(user: Reach, request: Place): boolean | null {
  if (request.latitude === null || request.longitude === null) return null
  if (user.latitude === null || user.longitude === null) return null
  // Both are points now; no copies: live events check thousands of users per change.
  return distanceKm(user as Point, request as Point) <= user.radius
}
