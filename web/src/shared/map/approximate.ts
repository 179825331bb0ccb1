import { circular } from 'ol/geom/Polygon'
import type { Coordinates } from '../api/types.ts'

/**
 * docs/product.md#help-requests: an approximate point is a 2000 m circle, whose marker hides from zoom 10 on (the
 * circle is big enough).
 */
export const APPROXIMATE_RADIUS_M = 2000
export const HIDE_APPROXIMATE_MARKER_FROM_ZOOM = 10

/** The 2 km circle around an approximate point, in the map's projection. */
export function approximateArea({ latitude, longitude }: Coordinates) {
  return circular([longitude, latitude], APPROXIMATE_RADIUS_M, 64).transform('EPSG:4326', 'EPSG:3857')
}
