/**
 * The tiles of "Keep the map of this area on this phone" (docs/pwa.md, "The kept map"): every basemap tile, from the
 * archive's lowest zoom to its highest (at most 15), that touches a circle around the user. Pure arithmetic, shared
 * by the app (the list of tile URLs it keeps) and the server (GET /tiles/area sums their sizes in the archive).
 */

/** The largest circle kept: the user's radius, but never more than this. */
export const KEPT_MAX_RADIUS_KM = 30
/** The deepest zoom kept: zoom 15 shows streets; deeper tiles multiply the size by 4 a zoom for little more. */
export const KEPT_MAX_ZOOM = 15

export interface TileId {
  z: number
  x: number
  y: number
}

export interface Centre {
  latitude: number
  longitude: number
}

const EARTH_RADIUS_KM = 6371.0088
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180
/** Web Mercator's limit: tiles end here. */
const MAX_LATITUDE = 85.0511287798

const toRadians = (degrees: number) => (degrees * Math.PI) / 180
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** The radius that is kept for a chosen one: whole kilometres from 1 to KEPT_MAX_RADIUS_KM. */
export const keptRadius = (radiusKm: number) => clamp(Math.round(radiusKm), 1, KEPT_MAX_RADIUS_KM)

/** The column of the tile at zoom z that holds this longitude. */
export function tileX(longitude: number, z: number): number {
  const n = 2 ** z
  return clamp(Math.floor(((longitude + 180) / 360) * n), 0, n - 1)
}

/** The row of the tile at zoom z that holds this latitude (Web Mercator, rows from the north). */
export function tileY(latitude: number, z: number): number {
  const n = 2 ** z
  const phi = toRadians(clamp(latitude, -MAX_LATITUDE, MAX_LATITUDE))
  return clamp(Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n), 0, n - 1)
}

/** The tile's edges in degrees: west, south, east, north. */
export function tileBounds({ z, x, y }: TileId): [number, number, number, number] {
  const n = 2 ** z
  const latitudeOf = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI
  return [(x / n) * 360 - 180, latitudeOf(y + 1), ((x + 1) / n) * 360 - 180, latitudeOf(y)]
}

/** Great-circle distance in km. */
export function distanceKm(a: Centre, b: Centre): number {
  const dLat = toRadians(b.latitude - a.latitude)
  const dLon = toRadians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Whether a tile touches the circle: its point nearest the centre (the centre pulled into its box) lies inside. */
function touches(tile: TileId, centre: Centre, radiusKm: number): boolean {
  const [west, south, east, north] = tileBounds(tile)
  const nearest = { latitude: clamp(centre.latitude, south, north), longitude: clamp(centre.longitude, west, east) }
  return distanceKm(centre, nearest) <= radiusKm
}

/**
 * Every tile from minZoom to maxZoom (both included, maxZoom at most KEPT_MAX_ZOOM) that touches the circle of
 * radiusKm around the centre, lowest zoom first, each zoom by row and column. The circle is not carried across the
 * antimeridian or past a pole (the app's maps are of Finland and its neighbours).
 */
export function areaTiles(centre: Centre, radiusKm: number, minZoom: number, maxZoom: number): TileId[] {
  const latitudeSpan = radiusKm / KM_PER_DEGREE
  const longitudeSpan = radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos(toRadians(centre.latitude))))
  const tiles: TileId[] = []
  for (let z = Math.max(0, minZoom); z <= Math.min(maxZoom, KEPT_MAX_ZOOM); z++) {
    const [xMin, xMax] = [tileX(centre.longitude - longitudeSpan, z), tileX(centre.longitude + longitudeSpan, z)]
    const [yMin, yMax] = [tileY(centre.latitude + latitudeSpan, z), tileY(centre.latitude - latitudeSpan, z)]
    for (let y = yMin; y <= yMax; y++) {
      for (let x = xMin; x <= xMax; x++) {
        if (touches({ z, x, y }, centre, radiusKm)) tiles.push({ z, x, y })
      }
    }
  }
  return tiles
}

/** A tile's URL from the map's template (`/tiles/{z}/{x}/{y}.mvt?v=…`). */
export const tileUrl = (template: string, { z, x, y }: TileId) =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))
