import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import type { Coordinates } from '#shared/api/types.ts'
import { lonLat, useOwnPosition } from '#shared/map/common-layers.ts'
import { MapView } from '#shared/map/MapView.tsx'
import { usePickedPoint } from '#shared/map/picked-point.ts'
import { REQUEST_COLOR } from './SingleLocationMap.tsx'

/** Zoom 16 shows a few streets: enough to tell which side of a bridge or a junction the cyclist is on. */
const PLACING_ZOOM = 16

export interface RequestPointMapProps {
  /** Where the request will be: the phone's position until the user moves it. */
  point: Coordinates
  /** The phone's position, drawn as the user's own dot. */
  own: Coordinates | null
  onPick: (point: Coordinates) => void
  label: string
}

// Larger than the detail map's marker: this one is meant to be picked up with a finger.
const draggableMarker = new Style({
  image: new CircleStyle({
    radius: 13,
    fill: new Fill({ color: REQUEST_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 4 }),
  }),
})

/**
 * The map where the owner places the request's point (docs/product.md#help-requests), in its own chunk with
 * OpenLayers: the point is dragged or a tap moves it; the phone's position stays drawn for reference.
 */
export default function RequestPointMap({ point, own, onPick, label }: RequestPointMapProps) {
  return (
    <MapView initialView={() => ({ center: lonLat(point), zoom: PLACING_ZOOM })} className="single-map" label={label}>
      <Layers point={point} own={own} onPick={onPick} />
    </MapView>
  )
}

function Layers({ point, own, onPick }: Omit<RequestPointMapProps, 'label'>) {
  useOwnPosition(own)
  usePickedPoint(point, draggableMarker, onPick)
  return null
}
