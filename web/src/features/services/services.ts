import type { FilterCategory, Service, ServiceLanguage, ServiceLocalization } from './api.ts'

/** docs/product.md#service-map: markers at identical coordinates are offset by 0.00005 degrees each. */
export const SAME_PLACE_OFFSET_DEG = 0.00005
/** docs/product.md#service-map: a service description is shortened to 300 characters in the detail view. */
export const DESCRIPTION_PREVIEW_LENGTH = 300
/** docs/product.md#service-map: names appear on markers when the zoom is above 8. */
export const NAMES_ABOVE_ZOOM = 8

export interface MarkerPosition {
  service_id: number
  latitude: number
  longitude: number
}

/**
 * Where each service's marker goes: the first service at a point stays there, the n-th other one at exactly the
 * same coordinates moves n × 0.00005 degrees north and east, so stacked markers can each be seen and clicked.
 * Keeps the input order.
 */
export function markerPositions(
  services: readonly Pick<Service, 'service_id' | 'latitude' | 'longitude'>[],
): MarkerPosition[] {
  const seen = new Map<string, number>()
  return services.map(({ service_id, latitude, longitude }) => {
    const key = `${latitude},${longitude}`
    const index = seen.get(key) ?? 0
    seen.set(key, index + 1)
    const offset = index * SAME_PLACE_OFFSET_DEG
    return { service_id, latitude: latitude + offset, longitude: longitude + offset }
  })
}

export interface ShortText {
  text: string
  /** The text was longer than the limit and `text` is its beginning plus an ellipsis. */
  shortened: boolean
}

/**
 * A description shortened to `limit` characters (code points, so an emoji is never cut in half), with an ellipsis
 * when anything was left out. Trailing white space before the ellipsis is dropped.
 */
export function shortenDescription(text: string, limit = DESCRIPTION_PREVIEW_LENGTH): ShortText {
  const characters = Array.from(text)
  if (characters.length <= limit) return { text, shortened: false }
  return { text: `${characters.slice(0, limit).join('').trimEnd()}…`, shortened: true }
}

/**
 * docs/product.md#service-map: the entry in the UI language, else English, else Finnish; else whatever there is
 * (null if none).
 */
export function pickLocalization(
  localizations: readonly ServiceLocalization[],
  language: ServiceLanguage,
): ServiceLocalization | null {
  for (const wanted of [language, 'en', 'fi'] as const) {
    const found = localizations.find((entry) => entry.language === wanted)
    if (found) return found
  }
  return localizations[0] ?? null
}

/** The Lingui locale ('fi' | 'sv' | 'en') as a service language; anything else reads English. */
export function serviceLanguageOf(locale: string): ServiceLanguage {
  return locale === 'fi' || locale === 'sv' ? locale : 'en'
}

/** A website address safe to link to: http(s) only, else null. */
export function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** 'all' is ours: the dropdown of docs/product.md#service-map lists six categories; "all" is its natural starting value. */
export type ServiceFilter = FilterCategory | 'all'

/**
 * The services the filter shows. With 'all', every category, including the three the dropdown does not offer
 * (event, experience, venue); a chosen category shows only its own.
 */
export function filterServices(services: readonly Service[], filter: ServiceFilter): Service[] {
  return filter === 'all' ? [...services] : services.filter((service) => service.category === filter)
}
