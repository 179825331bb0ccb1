import { useEffect, useEffectEvent, useState } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorSource from 'ol/source/Vector'
import { containsCoordinate } from 'ol/extent'
import { unByKey } from 'ol/Observable'
import { toLonLat } from 'ol/proj'
import { Circle as CircleStyle, Fill, Icon, Stroke, Style } from 'ol/style'
import type { ServiceCategory } from '../../services/api.ts'
import type { Coordinates } from '../../../shared/api/types.ts'
import { markerDataUrl } from '../../services/categories.ts'
import { lonLat, useVectorLayer } from '../../../shared/map/common-layers.ts'
import { useMap } from '../../../shared/map/context.ts'
import { MapView } from '../../../shared/map/MapView.tsx'
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../services/service-layers.ts'
import { SINGLE_MAP_ZOOM } from '../../requests/components/SingleLocationMap.tsx'

export interface PointPickerMapProps {
  /** The chosen point; null draws nothing (no coordinates yet, or they do not parse). */
  point: Coordinates | null
  /** The marker's look; a plain dot before a category is chosen. */
  category: ServiceCategory | null
  /** A click or tap on the map: its coordinates. */
  onPick: (point: Coordinates) => void
  label: string
}

const plainMarker = new Style({
  image: new CircleStyle({
    radius: 10,
    fill: new Fill({ color: '#0b57b0' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})

/**
 * The admin service form's map (its own chunk with OpenLayers): a click or tap sets the point, which is drawn as
 * the service's marker. Keyboards use the coordinate fields next to it; the map follows them.
 */
export default function PointPickerMap({ point, category, onPick, label }: PointPickerMapProps) {
  return (
    <MapView
      initialView={() =>
        point
          ? { center: lonLat(point), zoom: SINGLE_MAP_ZOOM }
          : { center: lonLat(DEFAULT_CENTER), zoom: DEFAULT_ZOOM }
      }
      className="single-map point-picker-map"
      label={label}
    >
      <PickedPoint point={point} category={category} onPick={onPick} />
    </MapView>
  )
}

function PickedPoint({ point, category, onPick }: Omit<PointPickerMapProps, 'label'>) {
  const map = useMap()
  const [{ marker, source }] = useState(() => {
    const marker = new Feature()
    return { marker, source: new VectorSource({ features: [marker] }) }
  })
  useVectorLayer(source, 11)
  useEffect(() => {
    marker.setStyle(category ? new Style({ image: new Icon({ src: markerDataUrl(category) }) }) : plainMarker)
  }, [marker, category])

  const latitude = point?.latitude
  const longitude = point?.longitude
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) {
      marker.setGeometry(undefined)
      return
    }
    const at = lonLat({ latitude, longitude })
    marker.setGeometry(new Point(at))
    // A point typed into the fields may be outside the view: bring it in; a tapped one is in view already.
    const view = map.getView()
    const size = map.getSize()
    if (size && !containsCoordinate(view.calculateExtent(size), at)) view.setCenter(at)
  }, [map, marker, latitude, longitude])

  const pick = useEffectEvent(onPick)
  useEffect(() => {
    const key = map.on('click', (event) => {
      const [lon, lat] = toLonLat(event.coordinate)
      pick({ latitude: lat!, longitude: lon! })
    })
    return () => unByKey(key)
  }, [map])
  return null
}
