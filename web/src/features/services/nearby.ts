import { distanceKm } from '#server/domain/shared/distance.ts'
import type { RequestCategory } from '#server/domain/shared/categories.ts'
import type { Coordinates } from '#shared/api/types.ts'
import type { Service, ServiceCategory } from './api.ts'

/**
 * docs/product.md#service-map ("What is open nearby"): the services that can help with each kind of request. "Other" says nothing
 * about what would help, so it gets no suggestions.
 */
export const NEARBY_CATEGORIES: Record<RequestCategory, readonly ServiceCategory[]> = {
  bicycle_maintenance: ['shop', 'rental_service'],
  food_and_hydration: ['restaurant', 'shop'],
  transportation_need: ['transportation', 'rental_service'],
  other: [],
}

/** How many suggestions the waiting owner sees. */
export const NEARBY_COUNT = 3
/** Farther than this is not "nearby" for someone waiting with a bike: the block says nothing is near instead. */
export const NEARBY_MAX_KM = 50

export interface ServiceAtDistance {
  service: Service
  /** From the point given; null when there is none. */
  km: number | null
}

/**
 * The services nearest first from `from` (ties by id, so the order is stable); without a point, in the order given
 * and with no distance.
 */
export function byDistance(services: readonly Service[], from: Coordinates | null): ServiceAtDistance[] {
  if (!from) return services.map((service) => ({ service, km: null }))
  return services
    .map((service) => ({ service, km: distanceKm(from, service) }))
    .sort((a, b) => a.km - b.km || a.service.service_id - b.service.service_id)
}

/** The nearest services that fit a request's category, within NEARBY_MAX_KM, at most NEARBY_COUNT. */
export function nearbyFor(
  services: readonly Service[],
  category: RequestCategory,
  from: Coordinates,
): (ServiceAtDistance & { km: number })[] {
  const fitting = services.filter((service) => NEARBY_CATEGORIES[category].includes(service.category))
  return byDistance(fitting, from)
    .filter((entry): entry is ServiceAtDistance & { km: number } => entry.km !== null && entry.km <= NEARBY_MAX_KM)
    .slice(0, NEARBY_COUNT)
}
