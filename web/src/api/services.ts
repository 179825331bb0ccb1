import { apiFetch } from './client.ts'

// The server's list (SPEC 3) is the only copy.
export { SERVICE_CATEGORIES, type ServiceCategory } from '../../../server/domain/categories.ts'
import type { ServiceCategory } from '../../../server/domain/categories.ts'

/** SPEC 2: the category dropdown offers only these six, in this order. */
export const FILTER_CATEGORIES = [
  'accommodation',
  'attraction',
  'restaurant',
  'shop',
  'rental_service',
  'transportation',
] as const satisfies readonly ServiceCategory[]
export type FilterCategory = (typeof FILTER_CATEGORIES)[number]

export type { ServiceLanguage } from '../../../server/domain/categories.ts'
/** A cyclist-friendly service as GET /api/services answers it (SPEC section 3): the server's schema types. */
export type { Service, ServiceLocalization } from '../../../server/schemas/service.ts'
import type { Service } from '../../../server/schemas/service.ts'

/** Public: no token. The server answers with an ETag; the browser's HTTP cache revalidates by itself. */
export const fetchServices = () => apiFetch<Service[]>('/api/services', { auth: false })
