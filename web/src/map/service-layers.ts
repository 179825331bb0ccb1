import { useEffect, useEffectEvent, useRef, useState } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { unByKey } from 'ol/Observable'
import { Fill, Icon, Stroke, Style, Text } from 'ol/style'
import type { FeatureLike } from 'ol/Feature'
import type { Coordinates } from '../api/types.ts'
import type { ServiceCategory } from '../api/services.ts'
import { markerDataUrl } from '../services/categories.ts'
import { NAMES_ABOVE_ZOOM } from '../services/services.ts'
import { lonLat, useMovedByUser } from './common-layers.ts'
import { useMap } from './context.ts'

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
  // The latest callback, without rebuilding the layer when the parent passes a new one.
  const select = useEffectEvent(onSelect)
  const [source] = useState(() => new VectorSource())

  useEffect(() => {
    const view = map.getView()
    const labels = new Map<string, Style>()
    const layer = new VectorLayer({
      source,
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
    map.addLayer(layer)

    const keys = [
      map.on('click', (event) => {
        const id = map.forEachFeatureAtPixel(event.pixel, (feature) => feature.get('service_id') as number, {
          hitTolerance: HIT_TOLERANCE_PX,
          layerFilter: (candidate) => candidate === layer,
        })
        if (id !== undefined) select(id)
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
    }
  }, [map, source])

  useEffect(() => {
    source.clear(true)
    source.addFeatures(
      markers.map((marker) => {
        const feature = new Feature({ geometry: new Point(lonLat(marker)) })
        feature.setProperties({ service_id: marker.service_id, category: marker.category, name: marker.name })
        feature.setId(marker.service_id)
        return feature
      }),
    )
  }, [source, markers])
}

/**
 * SPEC 9's default view: zoom 10 on the user's position once it is known, unless the user has moved the map by
 * then; else the view stays at zoom 5 over Finland (where the map starts).
 */
export function useDefaultView(position: Coordinates | null): void {
  const map = useMap()
  const moved = useMovedByUser()
  const centred = useRef(false)
  useEffect(() => {
    if (!position || moved.current || centred.current) return
    centred.current = true
    map.getView().setCenter(lonLat(position))
    map.getView().setZoom(OWN_POSITION_ZOOM)
  }, [map, moved, position])
}
