import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { cyclingDirectionsUrl, formatKm } from '#features/requests'
import { serviceMessages } from './service-catalog.ts'

/**
 * How far and which way to a service, written once for every place that shows it (docs/product.md#service-map):
 * the nearest services of a waiting request, the list under the map and a service's detail.
 */

/** "1.20 km" ("1,20 km" in Finnish and Swedish): two decimals, as every distance of the app. */
export function serviceDistance(km: number, i18n: I18n): string {
  return i18n._(serviceMessages.servicedistance.id, { distance: formatKm(km, i18n.locale) })
}

/** "Directions": a cycling route on openstreetmap.org from `from` to the service, named for screen readers. */
export function DirectionsLink({ from, to, name }: { from: Coordinates; to: Coordinates; name: string }) {
  const { i18n } = useLingui()
  return (
    <a
      className="button button--secondary"
      href={cyclingDirectionsUrl(from, to)}
      aria-label={i18n._(serviceMessages.directionsto.id, { name })}
    >
      {i18n._(serviceMessages.directions)}
    </a>
  )
}
