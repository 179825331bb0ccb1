import { useLingui } from '@lingui/react'
import { useEffect, useState, type CSSProperties } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorSource from 'ol/source/Vector'
import { boundingExtent, extend, type Extent } from 'ol/extent'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import type { Coordinates } from '../api/types.ts'
import { cardMessages } from '../i18n/card-messages.ts'
import { requestMessages } from '../i18n/request-messages.ts'
import { OWN_POSITION_COLOR } from '../services/categories.ts'
import { approximateArea, HIDE_APPROXIMATE_MARKER_FROM_ZOOM } from './approximate.ts'
import { lonLat, useMovedByUser, useOwnPosition, useVectorLayer } from './common-layers.ts'
import { useMap } from './context.ts'
import { MapView } from './MapView.tsx'

/** SPEC 9: the single-location map opens at zoom 12 (an approximate point's circle: approximate.ts). */
export const SINGLE_MAP_ZOOM = 12
const FIT_PADDING_PX = 40
/**
 * The request's layer is above the user's own dot (zIndex 10 in common-layers): on this map the request is the
 * subject, and an owner standing at their own exact request would otherwise see only the blue dot.
 */
const REQUEST_LAYER_Z = 11
const REQUEST_COLOR = '#c62828'

export interface SingleLocationMapProps {
  point: Coordinates
  isApproximate: boolean
  /** The user's own position, drawn too; the view is fitted to both. */
  own: Coordinates | null
}

const requestMarker = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: REQUEST_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const areaStyle = new Style({
  fill: new Fill({ color: 'rgba(198, 40, 40, 0.15)' }),
  stroke: new Stroke({ color: REQUEST_COLOR, width: 2 }),
})

/**
 * The single-location map of the request detail (SPEC 2): the request's point (or its 2 km area) and the user's
 * own position, fitted to both. It lives in its own chunk with OpenLayers, loaded only when a request has a location.
 * The map is created once; a moved point or position changes a feature's geometry.
 */
export default function SingleLocationMap({ point, isApproximate, own }: SingleLocationMapProps) {
  const { i18n } = useLingui()
  return (
    <>
      <MapView
        initialView={() => ({ center: lonLat(point), zoom: SINGLE_MAP_ZOOM })}
        className="single-map"
        label={i18n._(requestMessages.requestmap)}
      >
        <SingleLocationLayers point={point} isApproximate={isApproximate} own={own} />
      </MapView>
      <ul className="map-legend" aria-label={i18n._(cardMessages.maplegend)}>
        <li>
          <span
            className={`map-legend__mark${isApproximate ? ' map-legend__mark--area' : ''}`}
            style={{ '--mark-color': REQUEST_COLOR } as CSSProperties}
            aria-hidden="true"
          />
          {i18n._(isApproximate ? cardMessages.legendarea : cardMessages.legendrequest)}
        </li>
        {own && (
          <li>
            <span
              className="map-legend__mark"
              style={{ '--mark-color': OWN_POSITION_COLOR } as CSSProperties}
              aria-hidden="true"
            />
            {i18n._(cardMessages.legendyou)}
          </li>
        )}
      </ul>
    </>
  )
}

function SingleLocationLayers({ point, isApproximate, own }: SingleLocationMapProps) {
  useRequestLocation(point, isApproximate)
  useOwnPosition(own)
  useFitToLocations(point, isApproximate, own)
  return null
}

/** The request's marker, and for an approximate location its 2 km area, where the marker hides from zoom 10 on. */
function useRequestLocation({ latitude, longitude }: Coordinates, isApproximate: boolean): void {
  const map = useMap()
  const [{ marker, area, source }] = useState(() => {
    const marker = new Feature()
    const area = new Feature()
    area.setStyle(areaStyle)
    return { marker, area, source: new VectorSource({ features: [area, marker] }) }
  })
  useVectorLayer(source, REQUEST_LAYER_Z)
  useEffect(() => {
    const hideFrom = map.getView().getResolutionForZoom(HIDE_APPROXIMATE_MARKER_FROM_ZOOM)
    marker.setStyle((_, resolution) => (isApproximate && resolution <= hideFrom ? undefined : requestMarker))
  }, [map, marker, isApproximate])
  useEffect(() => {
    marker.setGeometry(new Point(lonLat({ latitude, longitude })))
    area.setGeometry(isApproximate ? approximateArea({ latitude, longitude }) : undefined)
  }, [marker, area, latitude, longitude, isApproximate])
}

/** What the view must show of the request: its point, or all of its approximate circle. */
function requestExtent(point: Coordinates, isApproximate: boolean): Extent {
  return isApproximate ? approximateArea(point).getExtent() : boundingExtent([lonLat(point)])
}

/**
 * The view fitted to the request (all of an approximate circle) and the user (at most zoom 12), until the user moves
 * the map.
 */
function useFitToLocations(point: Coordinates, isApproximate: boolean, own: Coordinates | null): void {
  const map = useMap()
  const moved = useMovedByUser()
  const { latitude, longitude } = point
  const ownLatitude = own?.latitude
  const ownLongitude = own?.longitude
  useEffect(() => {
    if (moved.current) return
    const extent = requestExtent({ latitude, longitude }, isApproximate)
    if (ownLatitude !== undefined && ownLongitude !== undefined)
      extend(extent, boundingExtent([lonLat({ latitude: ownLatitude, longitude: ownLongitude })]))
    const padding = FIT_PADDING_PX
    map.getView().fit(extent, {
      padding: [padding, padding, padding, padding],
      maxZoom: SINGLE_MAP_ZOOM,
    })
  }, [map, moved, latitude, longitude, isApproximate, ownLatitude, ownLongitude])
}
