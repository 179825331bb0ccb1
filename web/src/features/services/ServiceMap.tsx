import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { serviceMessages } from './service-catalog.ts'
import { lonLat, useOwnPosition } from '#shared/map/common-layers.ts'
import { MapView } from '#shared/map/MapView.tsx'
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  OWN_POSITION_ZOOM,
  useDefaultView,
  useViewCentre,
  useServiceMarkers,
  useZoomOutOffer,
  zoomOutTo,
  type ServiceMarker,
} from './service-layers.ts'
import { useMap } from '#shared/map/context.ts'
import { zoomMessages } from '#shared/map/zoom.ts'

export interface ServiceMapProps {
  markers: readonly ServiceMarker[]
  position: Coordinates | null
  onSelect: (serviceId: number) => void
  /** Where the view is centred after each move: the list sorts by it when there is no position. */
  onCentre?: (centre: Coordinates) => void
}

/**
 * The service map tab's OpenLayers map (docs/product.md#service-map), in its own chunk with OpenLayers: MapView's one
 * map and tiles, with the markers, the own position and the default view as hooks that remove what they add, and
 * an offer to zoom out while no service is in view.
 */
export default function ServiceMap({ markers, position, onSelect, onCentre }: ServiceMapProps) {
  const { i18n } = useLingui()
  return (
    <MapView
      // The first position only: later ones are useDefaultView's.
      initialView={() => ({
        center: lonLat(position ?? DEFAULT_CENTER),
        zoom: position ? OWN_POSITION_ZOOM : DEFAULT_ZOOM,
      })}
      className="service-map"
      label={i18n._(serviceMessages.servicemap)}
    >
      <ServiceMapLayers markers={markers} position={position} onSelect={onSelect} onCentre={onCentre} />
    </MapView>
  )
}

function ServiceMapLayers({ markers, position, onSelect, onCentre }: ServiceMapProps) {
  const { i18n } = useLingui()
  const map = useMap()
  useServiceMarkers(markers, onSelect)
  useViewCentre(onCentre)
  useOwnPosition(position)
  useDefaultView(position)
  const zoomOut = useZoomOutOffer(markers)
  if (!zoomOut) return null
  return (
    <div className="map-notice map-notice--top" role="status">
      <span>{i18n._(serviceMessages.noservicesinview)}</span>
      <button type="button" className="button button--secondary" onClick={() => zoomOutTo(map, zoomOut)}>
        {i18n._(zoomMessages.zoomout)}
      </button>
    </div>
  )
}
