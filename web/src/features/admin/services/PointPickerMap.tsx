import { useMemo } from 'react'
import { Circle as CircleStyle, Fill, Icon, Stroke, Style } from 'ol/style'
import { DEFAULT_CENTER, DEFAULT_ZOOM, type ServiceCategory, markerDataUrl } from '#features/services'
import type { Coordinates } from '#shared/api/types.ts'
import { lonLat } from '#shared/map/common-layers.ts'
import { usePickedPoint } from '#shared/map/picked-point.ts'
import { MapView } from '#shared/map/MapView.tsx'
import { SINGLE_MAP_ZOOM } from '#features/requests'

export interface PointPickerMapProps {
  /** The chosen point; null draws nothing (no coordinates yet, or they do not parse). */
  point: Coordinates | null
  /** The marker's look; a plain dot before a category is chosen. */
  category: ServiceCategory | null
  /** A tap on the map or the marker dragged: its coordinates. */
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
 * The admin service form's map (its own chunk with OpenLayers): a tap sets the point and dragging moves it; it is
 * drawn as the service's marker. Keyboards use the coordinate fields next to it; the map follows them.
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
  const style = useMemo(
    () => (category ? new Style({ image: new Icon({ src: markerDataUrl(category) }) }) : plainMarker),
    [category],
  )
  usePickedPoint(point, style, onPick)
  return null
}
