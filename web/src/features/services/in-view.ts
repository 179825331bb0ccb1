/** A map extent [minX, minY, maxX, maxY] and a point [x, y], in the map's projection (OpenLayers' order). */
export type Box = readonly [number, number, number, number]
export type XY = readonly [number, number]

const inside = ([minX, minY, maxX, maxY]: Box, [x, y]: XY) => x >= minX && x <= maxX && y >= minY && y <= maxY

/**
 * What the service map shows when the view holds none of the markers (docs/product.md#service-map): null while at
 * least one is in view (or there are none at all: the list says so), else the extent to zoom out to. That extent
 * keeps the view's centre where it is (usually the user's position) and reaches just past the nearest marker, so
 * "Zoom out" shows the closest services rather than the whole country.
 */
export function zoomOutExtent(view: Box, markers: readonly XY[]): Box | null {
  if (markers.length === 0 || markers.some((marker) => inside(view, marker))) return null
  const [cx, cy] = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2]
  const offsets = markers.map(([x, y]) => [Math.abs(x - cx), Math.abs(y - cy)] as const)
  const [dx, dy] = offsets.reduce((best, next) =>
    next[0] ** 2 + next[1] ** 2 < best[0] ** 2 + best[1] ** 2 ? next : best,
  )
  return [cx - dx, cy - dy, cx + dx, cy + dy]
}
