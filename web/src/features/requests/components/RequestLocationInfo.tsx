import { useLingui } from '@lingui/react'
import type { HelpRequest } from '../api.ts'
import type { Coordinates } from '../../../shared/api/types.ts'
import { cardMessages } from '../card-catalog.ts'
import { requestMessages } from '../request-catalog.ts'
import { distanceFrom, formatKm } from '../distance.ts'
import { geoUri, openStreetMapUrl } from '../map-links.ts'

interface RequestLocationInfoProps {
  request: HelpRequest
  point: Coordinates
  /** The viewer's position; without it there is no distance to tell. */
  position: Coordinates | null
}

/**
 * Under the detail map: how far the request is, and links that hand the point to a navigation app (geo:) or, where
 * no app takes geo: links, to openstreetmap.org.
 */
export function RequestLocationInfo({ request, point, position }: RequestLocationInfoProps) {
  const { i18n } = useLingui()
  // The owner's distance to their own request is noise (0.00 km), the map shows where they are.
  const distance = request.isOwnRequest ? null : distanceFrom(position, request)
  return (
    <div className="request-location">
      {distance !== null && (
        <p className="request-location__distance">
          {i18n._(requestMessages.distance.id, { distance: formatKm(distance, i18n.locale) })}
        </p>
      )}
      <div className="request-location__links">
        <a className="button button--secondary" href={geoUri(point)}>
          {i18n._(cardMessages.openinmaps)}
        </a>
        <a className="button button--secondary" href={openStreetMapUrl(point)}>
          {i18n._(cardMessages.openinopenstreetmap)}
        </a>
      </div>
    </div>
  )
}
