import { apiFetch } from '#shared/api/client.ts'

// The server's list (docs/product.md#service-map) is the only copy.
export { SERVICE_CATEGORIES, type ServiceCategory } from '#server/domain/shared/categories.ts'
import type { ServiceCategory } from '#server/domain/shared/categories.ts'

/** docs/product.md#service-map: the category dropdown offers only these six, in this order. */
export const FILTER_CATEGORIES = [
  'accommodation',
  'attraction',
  'restaurant',
  'shop',
  'rental_service',
  'transportation',
] as const satisfies readonly ServiceCategory[]
export type FilterCategory = (typeof FILTER_CATEGORIES)[number]

export type { ServiceLanguage } from '#server/domain/shared/categories.ts'
/** A cyclist-friendly service as GET /api/services answers it (docs/product.md#service-map): the server's schema types. */
export type { Service, ServiceLocalization } from '#server/schemas/service.ts'
import type { Service } from '#server/schemas/service.ts'

/**
 * Public: no token. Always revalidated with the ETag (an unchanged list is a 304 without a body): a load follows a
 * change the app was told of, which the browser's cache (a minute's max-age) would otherwise hide.
 */
export const fetchServices = () => apiFetch<Service[]>('/api/services', { auth: false, cache: 'no-cache' })
