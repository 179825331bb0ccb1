import { useEffect, useEffectEvent, useState } from 'react'
import Collection from 'ol/Collection'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import Translate from 'ol/interaction/Translate'
import VectorSource from 'ol/source/Vector'
import { containsCoordinate } from 'ol/extent'
import { unByKey } from 'ol/Observable'
import { toLonLat } from 'ol/proj'
import type { Coordinate } from 'ol/coordinate'
import type { Style } from 'ol/style'
import type { Coordinates } from '../api/types.ts'
import { lonLat, useVectorLayer } from './common-layers.ts'
import { useMap } from './context.ts'

/** A finger is wider than the marker: a press this many pixels off it still picks it up for dragging. */
const DRAG_HIT_TOLERANCE_PX = 16

const coordinatesOf = (at: Coordinate): Coordinates => {
  const [longitude, latitude] = toLonLat(at)
  return { latitude: latitude!, longitude: longitude! }
}

/**
 * A point the user places on the map (the admin's service location, the owner's request point): drawn with
 * `style`, moved by dragging it or by tapping elsewhere on the map, each reported through `onPick`. A point set
 * from outside (typed coordinates, a new position) that is out of view brings the view to it; null draws nothing.
 */
export function usePickedPoint(point: Coordinates | null, style: Style, onPick: (point: Coordinates) => void): void {
  const map = useMap()
  const [{ marker, source }] = useState(() => {
    const marker = new Feature()
    return { marker, source: new VectorSource({ features: [marker] }) }
  })
  useVectorLayer(source, 11)
  useEffect(() => marker.setStyle(style), [marker, style])

  const latitude = point?.latitude
  const longitude = point?.longitude
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) {
      marker.setGeometry(undefined)
      return
    }
    const at = lonLat({ latitude, longitude })
    marker.setGeometry(new Point(at))
    const view = map.getView()
    const size = map.getSize()
    if (size && !containsCoordinate(view.calculateExtent(size), at)) view.setCenter(at)
  }, [map, marker, latitude, longitude])

  const pick = useEffectEvent(onPick)
  useEffect(() => {
    // Translate takes a press on the marker before the map's own panning sees it, so dragging the point does not
    // drag the map; a press anywhere else still pans.
    const drag = new Translate({ features: new Collection([marker]), hitTolerance: DRAG_HIT_TOLERANCE_PX })
    map.addInteraction(drag)
    const keys = [
      drag.on('translateend', (event) => pick(coordinatesOf(event.coordinate))),
      map.on('click', (event) => pick(coordinatesOf(event.coordinate))),
    ]
    return () => {
      unByKey(keys)
      map.removeInteraction(drag)
    }
  }, [map, marker])
}
