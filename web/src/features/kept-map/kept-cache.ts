/**
 * The kept map's place in the Cache API (docs/pwa.md, "The kept map"), shared by the page that fills it and the
 * service worker that answers tiles from it first: one entry per tile URL (/tiles/{z}/{x}/{y}.mvt?v=…), 204 too.
 */
export const KEPT_MAP_CACHE = 'map-area'

/** Marks the page's own downloads of tiles to keep, which the worker lets pass to the network untouched. */
const KEEPING = 'keeping'

export function keepingUrl(tileUrl: string): string {
  const url = new URL(tileUrl, location.origin)
  url.searchParams.set(KEEPING, '1')
  return url.href
}

export const isKeepingFetch = (url: URL) => url.searchParams.has(KEEPING)
