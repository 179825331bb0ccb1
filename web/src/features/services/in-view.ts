import type { Extent } from 'ol/extent'
import type { Coordinate } from 'ol/coordinate'

const inside = (extent: Extent, [x, y]: Coordinate) => x >= extent[0] && x <= extent[2] && y >= extent[1] && y <= extent[3]

/**
 * What the service map shows when the view holds none of the markers (docs/product.md#service-map): null while at
 * least one is in view (or there are none at all: the list says so), else the extent to zoom out to. That extent
 * keeps the view's centre where it is (usually the user's position) and reaches just past the nearest marker, so
 * "Zoom out" shows the closest services rather than the whole country.
 */
export function zoomOutExtent(view: Extent, markers: readonly Coordinate[]): Extent | null {
  if (markers.length === 0 || markers.some((marker) => inside(view, marker))) return null
  const centre: Coordinate = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2]
  let nearest = markers[0]!
  let best = Infinity
  for (const marker of markers) {
    const distance = (marker[0] - centre[0]) ** 2 + (marker[1] - centre[1]) ** 2
    if (distance < best) [best, nearest] = [distance, marker]
  }
  const dx = Math.abs(nearest[0] - centre[0])
  const dy = Math.abs(nearest[1] - centre[1])
  return [centre[0] - dx, centre[1] - dy, centre[0] + dx, centre[1] + dy]
}
