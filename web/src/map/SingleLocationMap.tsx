import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import { circular } from 'ol/geom/Polygon'
import VectorSource from 'ol/source/Vector'
import { boundingExtent } from 'ol/extent'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import type { Coordinates } from '../api/types.ts'
import { requestMessages } from '../i18n/request-messages.ts'
import { lonLat, useMovedByUser, useOwnPosition, useVectorLayer } from './common-layers.ts'
import { useMap } from './context.ts'
import { MapView } from './MapView.tsx'

/** SPEC 9: the single-location map opens at zoom 12; an approximate point is a 2000 m circle whose marker hides from zoom 10. */
export const SINGLE_MAP_ZOOM = 12
export const APPROXIMATE_RADIUS_M = 2000
export const HIDE_APPROXIMATE_MARKER_FROM_ZOOM = 10
const FIT_PADDING_PX = 40

export interface SingleLocationMapProps {
  point: Coordinates
  isApproximate: boolean
  /** The user's own position, drawn too; the view is fitted to both. */
  own: Coordinates | null
}

const requestMarker = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#c62828' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const areaStyle = new Style({
  fill: new Fill({ color: 'rgba(198, 40, 40, 0.15)' }),
  stroke: new Stroke({ color: '#c62828', width: 2 }),
})

/**
 * The single-location map of the request detail (SPEC 2): the request's point (or its 2 km area) and the user's
 * own position, fitted to both. It lives in its own chunk with OpenLayers, loaded only when a request has a location.
 * The map is created once; a moved point or position changes a feature's geometry.
 */
export default function SingleLocationMap({ point, isApproximate, own }: SingleLocationMapProps) {
  const { i18n } = useLingui()
  return (
    <MapView
      initialView={() => ({ center: lonLat(point), zoom: SINGLE_MAP_ZOOM })}
      className="single-map"
      label={i18n._(requestMessages.requestmap)}
    >
      <SingleLocationLayers point={point} isApproximate={isApproximate} own={own} />
    </MapView>
  )
}

function SingleLocationLayers({ point, isApproximate, own }: SingleLocationMapProps) {
  useRequestLocation(point, isApproximate)
  useOwnPosition(own)
  useFitToLocations(point, own)
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
  useVectorLayer(source)
  useEffect(() => {
    const hideFrom = map.getView().getResolutionForZoom(HIDE_APPROXIMATE_MARKER_FROM_ZOOM)
    marker.setStyle((_, resolution) => (isApproximate && resolution <= hideFrom ? undefined : requestMarker))
  }, [map, marker, isApproximate])
  useEffect(() => {
    marker.setGeometry(new Point(lonLat({ latitude, longitude })))
    area.setGeometry(
      isApproximate
        ? circular([longitude, latitude], APPROXIMATE_RADIUS_M, 64).transform('EPSG:4326', 'EPSG:3857')
        : undefined,
    )
  }, [marker, area, latitude, longitude, isApproximate])
}

/** The view fitted to the request and the user (at most zoom 12), until the user moves the map. */
function useFitToLocations(point: Coordinates, own: Coordinates | null): void {
  const map = useMap()
  const moved = useMovedByUser()
  const { latitude, longitude } = point
  const ownLatitude = own?.latitude
  const ownLongitude = own?.longitude
  useEffect(() => {
    if (moved.current) return
    const points = [lonLat({ latitude, longitude })]
    if (ownLatitude !== undefined && ownLongitude !== undefined)
      points.push(lonLat({ latitude: ownLatitude, longitude: ownLongitude }))
    const padding = FIT_PADDING_PX
    map.getView().fit(boundingExtent(points), {
      padding: [padding, padding, padding, padding],
      maxZoom: SINGLE_MAP_ZOOM,
    })
  }, [map, moved, latitude, longitude, ownLatitude, ownLongitude])
}
