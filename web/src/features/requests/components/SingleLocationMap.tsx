import { useLingui } from '@lingui/react'
import { useEffect, useState, type CSSProperties } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorSource from 'ol/source/Vector'
import { boundingExtent, extend, type Extent } from 'ol/extent'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import type { Coordinates } from '#shared/api/types.ts'
import { cardMessages } from '../card-catalog.ts'
import { positionMessages } from '#features/position-sharing'
import { requestMessages } from '../request-catalog.ts'
import { OWN_POSITION_COLOR } from '#shared/map/common-layers.ts'
import { approximateArea, HIDE_APPROXIMATE_MARKER_FROM_ZOOM } from '#shared/map/approximate.ts'
import { lonLat, useMovedByUser, useOwnPosition, useVectorLayer } from '#shared/map/common-layers.ts'
import { useMap } from '#shared/map/context.ts'
import { MapView } from '#shared/map/MapView.tsx'

/**
 * docs/product.md#help-requests: the single-location map opens at zoom 12 (an approximate point's circle:
 * approximate.ts).
 */
export const SINGLE_MAP_ZOOM = 12
const FIT_PADDING_PX = 40
/**
 * The request's layer is above the user's own dot (zIndex 10 in common-layers): on this map the request is the
 * subject, and an owner standing at their own exact request would otherwise see only the blue dot.
 */
const REQUEST_LAYER_Z = 11
export const REQUEST_COLOR = '#c62828'
/** The helper on their way (docs/product.md#on-my-way): above the request and the user, the one mark that moves. */
const HELPER_LAYER_Z = 12
const HELPER_COLOR = '#1f6b2a'
/** The helper's last known position, over 2 minutes old (position-sharing/staleness.ts): a hollow grey ring. */
const STALE_HELPER_COLOR = '#5f6b7a'
/** The helper's feature id, which the browser test looks up. */
export const HELPER_FEATURE_ID = 'helper-position'

export interface SingleLocationMapProps {
  point: Coordinates
  isApproximate: boolean
  /** The user's own position, drawn too; the view is fitted to both. */
  own: Coordinates | null
  /** For the owner: where their helper is now, if they share it; the view is fitted to it too. */
  helper?: Coordinates | null
  helperName?: string | null
  /** The helper's position is stale: drawn hollow and grey, and the legend says "last known position". */
  helperStale?: boolean
}

const requestMarker = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: REQUEST_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const helperMarker = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: HELPER_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const staleHelperMarker = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: '#ffffff' }),
    stroke: new Stroke({ color: STALE_HELPER_COLOR, width: 4 }),
  }),
})
const areaStyle = new Style({
  fill: new Fill({ color: 'rgba(198, 40, 40, 0.15)' }),
  stroke: new Stroke({ color: REQUEST_COLOR, width: 2 }),
})

/**
 * The single-location map of the request detail (docs/product.md#help-requests): the request's point (or its 2 km area)
 * and the user's own position, fitted to both. It lives in its own chunk with OpenLayers, loaded only when a request
 * has a location. The map is created once; a moved point or position changes a feature's geometry.
 */
export default function SingleLocationMap(props: SingleLocationMapProps) {
  const { point, isApproximate, own, helper = null, helperName = null, helperStale = false } = props
  const { i18n } = useLingui()
  return (
    <>
      <MapView
        initialView={() => ({ center: lonLat(point), zoom: SINGLE_MAP_ZOOM })}
        className="single-map"
        label={i18n._(requestMessages.requestmap)}
      >
        <SingleLocationLayers
          point={point}
          isApproximate={isApproximate}
          own={own}
          helper={helper}
          helperStale={helperStale}
        />
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
        {helper && (
          <li>
            <span
              className={`map-legend__mark${helperStale ? ' map-legend__mark--stale' : ''}`}
              style={{ '--mark-color': helperStale ? STALE_HELPER_COLOR : HELPER_COLOR } as CSSProperties}
              aria-hidden="true"
            />
            {i18n._((helperStale ? positionMessages.legendhelperstale : positionMessages.legendhelper).id, {
              name: helperName ?? '',
            })}
          </li>
        )}
      </ul>
    </>
  )
}

function SingleLocationLayers(props: SingleLocationMapProps) {
  const { point, isApproximate, own, helper = null, helperStale = false } = props
  useRequestLocation(point, isApproximate)
  useOwnPosition(own)
  useHelperPosition(helper, helperStale)
  useFitToLocations(point, isApproximate, own, helper)
  return null
}

/** The helper's dot, moved as their updates arrive, hollow once stale; nothing while they share none. */
function useHelperPosition(position: Coordinates | null, stale: boolean): void {
  const [{ marker, source }] = useState(() => {
    const marker = new Feature()
    marker.setId(HELPER_FEATURE_ID)
    return { marker, source: new VectorSource({ features: [marker] }) }
  })
  useVectorLayer(source, HELPER_LAYER_Z)
  useEffect(() => {
    marker.setStyle(stale ? staleHelperMarker : helperMarker)
    // The browser test reads what the dot shows.
    marker.set('stale', stale)
  }, [marker, stale])
  const latitude = position?.latitude
  const longitude = position?.longitude
  useEffect(() => {
    const known = latitude !== undefined && longitude !== undefined
    marker.setGeometry(known ? new Point(lonLat({ latitude, longitude })) : undefined)
  }, [marker, latitude, longitude])
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
 * The view fitted to the request (all of an approximate circle), the user and their helper (at most zoom 12), until
 * the user moves the map.
 */
function useFitToLocations(
  point: Coordinates,
  isApproximate: boolean,
  own: Coordinates | null,
  helper: Coordinates | null,
): void {
  const map = useMap()
  const moved = useMovedByUser()
  const { latitude, longitude } = point
  const ownLatitude = own?.latitude
  const ownLongitude = own?.longitude
  const helperLatitude = helper?.latitude
  const helperLongitude = helper?.longitude
  useEffect(() => {
    if (moved.current) return
    const extent = requestExtent({ latitude, longitude }, isApproximate)
    if (ownLatitude !== undefined && ownLongitude !== undefined)
      extend(extent, boundingExtent([lonLat({ latitude: ownLatitude, longitude: ownLongitude })]))
    if (helperLatitude !== undefined && helperLongitude !== undefined)
      extend(extent, boundingExtent([lonLat({ latitude: helperLatitude, longitude: helperLongitude })]))
    const padding = FIT_PADDING_PX
    map.getView().fit(extent, {
      padding: [padding, padding, padding, padding],
      maxZoom: SINGLE_MAP_ZOOM,
    })
  }, [map, moved, latitude, longitude, isApproximate, ownLatitude, ownLongitude, helperLatitude, helperLongitude])
}
