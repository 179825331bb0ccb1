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

export type ServiceLanguage = 'fi' | 'en' | 'sv'

export interface ServiceLocalization {
  language: ServiceLanguage
  name: string
  description: string | null
  url: string | null
}

/** A cyclist-friendly service as GET /api/services answers it (SPEC section 3). */
export interface Service {
  service_id: number
  category: ServiceCategory
  latitude: number
  longitude: number
  logo_url: string | null
  address: string | null
  phone: string | null
  certified: boolean
  localizations: ServiceLocalization[]
}

/** Public: no token. The server answers with an ETag; the browser's HTTP cache revalidates by itself. */
export const fetchServices = () => apiFetch<Service[]>('/api/services', { auth: false })
