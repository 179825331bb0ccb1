import type { ServiceCategory } from './api.ts'

export interface CategoryLook {
  /** Marker fill; white glyphs on it keep at least 4.5:1 contrast. */
  color: string
  /** SVG path data in a 24 × 24 box, drawn as a white 2 px stroke. */
  glyph: string
}

/** docs/product.md#service-map: every service category has a colour and a marker icon. */
export const CATEGORY_LOOKS: Record<ServiceCategory, CategoryLook> = {
  // A bicycle: two wheels and a frame.
  rental_service: {
    color: '#0b57b0',
    glyph: 'M6 17a3 3 0 1 0 0-.01M18 17a3 3 0 1 0 0-.01M6 17l4-7h6l2 7M10 10l-1-3h-2M16 10l-4 7',
  },
  // A bed.
  accommodation: { color: '#6a1b9a', glyph: 'M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5M7 11.5h.01' },
  // Fork and knife.
  restaurant: { color: '#b23c00', glyph: 'M7 3v18M4 3v5a3 3 0 0 0 6 0V3M17 21V3c-2 1-3 4-3 7h3' },
  // A star.
  event: { color: '#ad1457', glyph: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z' },
  // A flag.
  attraction: { color: '#2e7d32', glyph: 'M5 21V4M5 4h12l-2 4 2 4H5' },
  // A shopping bag.
  shop: { color: '#00695c', glyph: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2' },
  // A bus.
  transportation: {
    color: '#37474f',
    glyph: 'M6 4h12a1 1 0 0 1 1 1v12H5V5a1 1 0 0 1 1-1zM5 11h14M8 17v3M16 17v3M8 14h.01M16 14h.01',
  },
  // A compass.
  experience: { color: '#7a5b00', glyph: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M15.5 8.5l-2 5-5 2 2-5z' },
  // A building with a roof.
  venue: { color: '#5d4037', glyph: 'M3 10l9-6 9 6M5 10v10h14V10M10 20v-5h4v5' },
}

/** The certificate badge (e.g. Welcome Cyclist): a rosette; screens draw a tick on it. */
export const CERTIFICATE_GLYPH =
  'M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 20l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z'

/** A round marker with the category's glyph, as an SVG document (for OpenLayers' Icon and for <img>). */
export function markerSvg(category: ServiceCategory, size = 36): string {
  const { color, glyph } = CATEGORY_LOOKS[category]
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-4 -4 32 32">` +
    `<circle cx="12" cy="12" r="14.5" fill="${color}" stroke="#ffffff" stroke-width="2.5"/>` +
    `<path d="${glyph}" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`
  )
}

export const markerDataUrl = (category: ServiceCategory, size?: number) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markerSvg(category, size))}`
