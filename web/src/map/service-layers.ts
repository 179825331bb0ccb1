import { useEffect, useRef } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import { fromLonLat } from 'ol/proj'
import { unByKey } from 'ol/Observable'
import { Circle as CircleStyle, Fill, Icon, Stroke, Style, Text } from 'ol/style'
import type { FeatureLike } from 'ol/Feature'
import type { Coordinates, MapConfig } from '../api/types.ts'
import type { ServiceCategory } from '../api/services.ts'
import { markerDataUrl, OWN_POSITION_COLOR } from '../services/categories.ts'
import { NAMES_ABOVE_ZOOM } from '../services/services.ts'
import { useMap } from './context.ts'
import { statusAwareTileLoader } from './tiles.ts'

/** SPEC 9: zoom 10 on the user's position, else zoom 5 centred on about 63.92, 25.75. */
export const DEFAULT_CENTER: Coordinates = { latitude: 63.92, longitude: 25.75 }
export const DEFAULT_ZOOM = 5
export const OWN_POSITION_ZOOM = 10
/** Clicks this many pixels off a marker still hit it: a 36 px marker becomes a 48 px target. */
export const HIT_TOLERANCE_PX = 6

/** Plain data for one service marker; the React side computes it (offset position, name in the UI language). */
export interface ServiceMarker {
  service_id: number
  category: ServiceCategory
  name: string
  latitude: number
  longitude: number
}

export const lonLat = ({ latitude, longitude }: Coordinates) => fromLonLat([longitude, latitude])

/** The configured tile source, with 401/403 answers reported. */
export function useTileLayer(config: MapConfig, onAuthFailure: () => void): void {
  const map = useMap()
  const report = useRef(onAuthFailure)
  report.current = onAuthFailure
  useEffect(() => {
    const source = new XYZ({
      url: config.tileUrl,
      attributions: config.attribution,
      crossOrigin: null,
      tileLoadFunction: statusAwareTileLoader(() => report.current()),
    })
    const layer = new TileLayer({ source })
    map.getLayers().insertAt(0, layer)
    return () => {
      map.removeLayer(layer)
      source.dispose()
    }
  }, [map, config.tileUrl, config.attribution])
}

const iconStyles = new Map<ServiceCategory, Style>()
function iconStyle(category: ServiceCategory): Style {
  let style = iconStyles.get(category)
  if (!style) {
    style = new Style({ image: new Icon({ src: markerDataUrl(category), width: 36, height: 36 }) })
    iconStyles.set(category, style)
  }
  return style
}

function labelStyle(name: string): Style {
  return new Style({
    text: new Text({
      text: name,
      offsetY: 28,
      font: '600 13px system-ui, sans-serif',
      fill: new Fill({ color: '#10151c' }),
      stroke: new Stroke({ color: '#ffffff', width: 4 }),
      overflow: true,
    }),
  })
}

/** One marker per service, in its category's colour and icon; names only above zoom 8 (SPEC 9). */
export function useServiceMarkers(markers: readonly ServiceMarker[], onSelect: (serviceId: number) => void): void {
  const map = useMap()
  const select = useRef(onSelect)
  select.current = onSelect
  const layerRef = useRef<VectorLayer<VectorSource> | null>(null)

  useEffect(() => {
    const view = map.getView()
    const labels = new Map<string, Style>()
    const layer = new VectorLayer({
      source: new VectorSource(),
      style: (feature: FeatureLike, resolution: number) => {
        const category = feature.get('category') as ServiceCategory
        const namesFrom = view.getResolutionForZoom(NAMES_ABOVE_ZOOM)
        if (resolution >= namesFrom) return iconStyle(category)
        const name = feature.get('name') as string
        let label = labels.get(name)
        if (!label) labels.set(name, (label = labelStyle(name)))
        return [iconStyle(category), label]
      },
      properties: { name: 'services' },
    })
    layerRef.current = layer
    map.addLayer(layer)

    const keys = [
      map.on('click', (event) => {
        const id = map.forEachFeatureAtPixel(event.pixel, (feature) => feature.get('service_id') as number, {
          hitTolerance: HIT_TOLERANCE_PX,
          layerFilter: (candidate) => candidate === layer,
        })
        if (id !== undefined) select.current(id)
      }),
      map.on('pointermove', (event) => {
        if (event.dragging) return
        const hit = map.hasFeatureAtPixel(event.pixel, {
          hitTolerance: HIT_TOLERANCE_PX,
          layerFilter: (candidate) => candidate === layer,
        })
        const element = map.getTargetElement()
        if (element) element.style.cursor = hit ? 'pointer' : ''
      }),
    ]
    return () => {
      unByKey(keys)
      map.removeLayer(layer)
      layerRef.current = null
    }
  }, [map])

  useEffect(() => {
    const source = layerRef.current?.getSource()
    if (!source) return
    source.clear(true)
    source.addFeatures(
      markers.map((marker) => {
        const feature = new Feature({ geometry: new Point(lonLat(marker)) })
        feature.setProperties({ service_id: marker.service_id, category: marker.category, name: marker.name })
        feature.setId(marker.service_id)
        return feature
      }),
    )
  }, [markers])
}

const ownStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: OWN_POSITION_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
  zIndex: 10,
})

/** The user's own position (location slice), drawn over the services. */
export function useOwnPosition(position: Coordinates | null): void {
  const map = useMap()
  const latitude = position?.latitude
  const longitude = position?.longitude
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return
    const feature = new Feature(new Point(lonLat({ latitude, longitude })))
    feature.setStyle(ownStyle)
    const layer = new VectorLayer({ source: new VectorSource({ features: [feature] }), zIndex: 10 })
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, latitude, longitude])
}

/**
 * SPEC 9's default view: zoom 10 on the user's position once it is known, unless the user has moved the map by
 * then; else the view stays at zoom 5 over Finland (where the map starts).
 */
export function useDefaultView(position: Coordinates | null): void {
  const map = useMap()
  const moved = useRef(false)
  const centred = useRef(false)
  useEffect(() => {
    const key = map.on('pointerdrag', () => {
      moved.current = true
    })
    const wheel = () => {
      moved.current = true
    }
    const viewport = map.getViewport() as HTMLElement | undefined
    viewport?.addEventListener('wheel', wheel, { passive: true })
    return () => {
      unByKey(key)
      viewport?.removeEventListener('wheel', wheel)
    }
  }, [map])
  useEffect(() => {
    if (!position || moved.current || centred.current) return
    centred.current = true
    map.getView().setCenter(lonLat(position))
    map.getView().setZoom(OWN_POSITION_ZOOM)
  }, [map, position])
}
