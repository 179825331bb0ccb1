import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { cardMessages } from '../card-catalog.ts'
import { geoUri, openStreetMapUrl } from '../map-links.ts'

interface RequestLocationInfoProps {
  point: Coordinates
}

/**
 * Under the detail map: links that hand the point to a navigation app (geo:) or, where no app takes geo: links, to
 * openstreetmap.org. How far it is, a helper reads at the top of the detail (DecideFirst); the owner's distance to
 * their own request is noise (0.00 km), the map shows where they are.
 */
export function RequestLocationInfo({ point }: RequestLocationInfoProps) {
  const { i18n } = useLingui()
  return (
    <div className="request-location">
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
