import type { Coordinates } from '../api/types.ts'

/** SPEC 9: the haversine formula with an earth diameter of 12742 km. */
export const EARTH_DIAMETER_KM = 12742

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return EARTH_DIAMETER_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

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

/** SPEC 9: km with 2 decimals, in the interface locale's number format ("12,34" in fi and sv, "12.34" in en). */
export function formatKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(km)
}
