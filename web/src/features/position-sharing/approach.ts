import type { Coordinates } from '#shared/api/types.ts'
import { distanceKm } from '#features/requests'

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

/**
 * A rough time in the interface language's own short units: "8 min", and from an hour on "2 h 5 min" ("2 t 5 min"
 * in fi, "2 tim 5 min" in sv), since "536 min" means nothing at a glance.
 */
export function formatTravelTime(minutes: number, locale: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)
  if (minutes < 60) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`
}
