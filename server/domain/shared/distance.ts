/** docs/product.md#help-requests: the haversine formula with an earth diameter of 12742 km. */
const EARTH_DIAMETER_KM = 12742

export interface Point {
  latitude: number
  longitude: number
}

export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return EARTH_DIAMETER_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
