import type { Coordinates } from '../../shared/api/types.ts'
import { distanceKm } from '../requests/distance.ts'

/** A cyclist's easy pace: the ETA is a rough guide over a straight line, not a route. */
export const CYCLING_KMH = 18
/** Closer than this, the helper is as good as there: "less than a minute away". */
export const ARRIVED_KM = 0.1

export type Approach = { kind: 'near' } | { kind: 'away'; km: number; minutes: number }

/** How far the helper is from the request in a straight line, and about how long it takes at cycling speed. */
export function approachOf(from: Coordinates, to: Coordinates): Approach {
  const km = distanceKm(from, to)
  if (km < ARRIVED_KM) return { kind: 'near' }
  return { kind: 'away', km, minutes: Math.max(1, Math.round((km / CYCLING_KMH) * 60)) }
}

/** One decimal is plenty for a moving dot ("2,4" in fi and sv, "2.4" in en). */
export function formatApproachKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km)
}
