import { distanceKm } from '#server/domain/shared/distance.ts'
import type { Coordinates } from '#shared/api/types.ts'

// The haversine of docs/product.md#help-requests (earth diameter 12742 km): the server's function, so the list shows
// the distance the server filters by.
export { distanceKm }

/** The request's point, or null when it has none. */
export function pointOf(request: { latitude: number | null; longitude: number | null }): Coordinates | null {
  if (request.latitude === null || request.longitude === null) return null
  return { latitude: request.latitude, longitude: request.longitude }
}

/** Distance from the viewer in km, or null when either side has no position. */
export function distanceFrom(
  position: Coordinates | null,
  request: { latitude: number | null; longitude: number | null },
): number | null {
  const point = pointOf(request)
  return position && point ? distanceKm(position, point) : null
}

/**
 * docs/product.md#help-requests: km with 2 decimals, in the interface locale's number format ("12,34" in fi and sv,
 * "12.34" in en).
 */
export function formatKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(km)
}
