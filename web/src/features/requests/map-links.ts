import type { Coordinates } from '#shared/api/types.ts'

/** OpenStreetMap's zoom for a link to one point: streets and their names readable. */
const LINK_ZOOM = 15

/** At most six decimals (about 10 cm): as exact as any location the app has, without a float's noise. */
const fixed = (degrees: number) => String(Number(degrees.toFixed(6)))

/** A geo: URI (RFC 5870): a phone opens it in the map app the user chose (Android; some others too). */
export function geoUri({ latitude, longitude }: Coordinates): string {
  return `geo:${fixed(latitude)},${fixed(longitude)}`
}

/** The same point on openstreetmap.org with a marker: for devices that have no app for geo: links. */
export function openStreetMapUrl({ latitude, longitude }: Coordinates): string {
  const lat = fixed(latitude)
  const lon = fixed(longitude)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${LINK_ZOOM}/${lat}/${lon}`
}

/** A cycling route from one point to another on openstreetmap.org (its bicycle engine): works on every device. */
export function cyclingDirectionsUrl(from: Coordinates, to: Coordinates): string {
  const route = `${fixed(from.latitude)},${fixed(from.longitude)};${fixed(to.latitude)},${fixed(to.longitude)}`
  return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_bike&route=${encodeURIComponent(route)}`
}
