import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import OlMap from 'ol/Map'
import View from 'ol/View'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import { circular } from 'ol/geom/Polygon'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import { boundingExtent } from 'ol/extent'
import { fromLonLat } from 'ol/proj'
import { defaults as defaultControls } from 'ol/control/defaults'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import 'ol/ol.css'
import { fetchClientConfig } from '../api/config.ts'
import type { Coordinates, MapConfig } from '../api/types.ts'
import { messages } from '../i18n/messages.ts'
import { requestMessages } from '../i18n/request-messages.ts'
import { useLocalizedZoom } from './zoom.ts'
import './map.css'

/** SPEC 9: the single-location map opens at zoom 12; an approximate point is a 2000 m circle whose marker hides from zoom 10. */
export const SINGLE_MAP_ZOOM = 12
export const APPROXIMATE_RADIUS_M = 2000
export const HIDE_APPROXIMATE_MARKER_FROM_ZOOM = 10

export interface SingleLocationMapProps {
  point: Coordinates
  isApproximate: boolean
  /** The user's own position, drawn too; the view is fitted to both. */
  own: Coordinates | null
}

const lonLat = ({ latitude, longitude }: Coordinates) => fromLonLat([longitude, latitude])

const requestMarker = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#c62828' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const ownMarker = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: '#0b57b0' }),
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
 */
export default function SingleLocationMap({ point, isApproximate, own }: SingleLocationMapProps) {
  const { i18n } = useLingui()
  const target = useRef<HTMLDivElement>(null)
  const [config, setConfig] = useState<MapConfig | null>(null)
  const [failed, setFailed] = useState(false)
  const [map, setMap] = useState<OlMap | null>(null)
  useLocalizedZoom(map)

  useEffect(() => {
    let current = true
    fetchClientConfig().then(
      (answer) => current && setConfig(answer.map),
      (error: unknown) => {
        console.error('Loading the map configuration failed', error)
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [])

  useEffect(() => {
    if (!config || !target.current) return
    const view = new View({ center: lonLat(point), zoom: SINGLE_MAP_ZOOM })
    const hideFrom = view.getResolutionForZoom(HIDE_APPROXIMATE_MARKER_FROM_ZOOM)
    const features: Feature[] = []
    const marker = new Feature(new Point(lonLat(point)))
    marker.setStyle((_, resolution) => (isApproximate && resolution <= hideFrom ? undefined : requestMarker))
    if (isApproximate) {
      const area = circular([point.longitude, point.latitude], APPROXIMATE_RADIUS_M, 64).transform(
        'EPSG:4326',
        'EPSG:3857',
      )
      const areaFeature = new Feature(area)
      areaFeature.setStyle(areaStyle)
      features.push(areaFeature)
    }
    features.push(marker)
    if (own) {
      const ownFeature = new Feature(new Point(lonLat(own)))
      ownFeature.setStyle(ownMarker)
      features.push(ownFeature)
    }
    const map = new OlMap({
      target: target.current,
      view,
      controls: defaultControls({ zoom: false, rotate: false, attributionOptions: { collapsible: false } }),
      layers: [
        new TileLayer({
          source: new XYZ({ url: config.tileUrl, attributions: config.attribution, crossOrigin: null }),
        }),
        new VectorLayer({ source: new VectorSource({ features }) }),
      ],
    })
    if (own) {
      view.fit(boundingExtent([lonLat(point), lonLat(own)]), {
        padding: [40, 40, 40, 40],
        maxZoom: SINGLE_MAP_ZOOM,
      })
    }
    setMap(map)
    return () => {
      setMap(null)
      map.setTarget(undefined)
      map.dispose()
    }
  }, [config, point.latitude, point.longitude, isApproximate, own?.latitude, own?.longitude]) // eslint-disable-line react-hooks/exhaustive-deps

  if (failed) return <p className="map-error">{i18n._(messages.failedtoloadmap)}</p>
  return <div ref={target} className="single-map" role="group" aria-label={i18n._(requestMessages.requestmap)} />
}
