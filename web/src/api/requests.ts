import { apiFetch, apiPut } from './client.ts'
import type { Coordinates } from './types.ts'

// The server's lists (SPEC 3) are the only copy: a category added there reaches the form and the labels' types.
export { REQUEST_CATEGORIES, type RequestCategory, type RequestStatus } from '../../../server/domain/categories.ts'
import type { RequestCategory, RequestStatus } from '../../../server/domain/categories.ts'

/** A help request as the server answers it (SPEC section 3); field names are the server's. */
export interface HelpRequest {
  request_id: number
  category: RequestCategory
  status: RequestStatus
  description: string
  user_name: string
  /** null once completed. */
  phone: string | null
  /** Both null when the owner shared no location; an approximate one is already rounded to 2 decimals. */
  latitude: number | null
  longitude: number | null
  isApproximate: boolean
  is_test: boolean
  /** A number for the owner or an admin, else null. */
  views: number | null
  created_at: string
  updated_at: string
  responder_id: number | null
  responder_user_name: string | null
  responder_phone: string | null
  isOwnRequest: boolean
  got_help: boolean | null
}

export interface NewRequest {
  category: RequestCategory
  description: string
  latitude: number | null
  longitude: number | null
  isApproximate: 0 | 1
  isTest?: 0 | 1
}

/** Typed calls of the /api/requests endpoints (SPEC section 7). */

const path = (id: number, action = '') => `/api/requests/${id}${action}`

export const fetchRequests = () => apiFetch<HelpRequest[]>('/api/requests')
export const fetchRequest = (id: number) => apiFetch<HelpRequest>(path(id))
export const createRequest = (request: NewRequest) =>
  apiFetch<HelpRequest>('/api/requests', { method: 'POST', body: request })
export const updateDescription = (id: number, description: string) => apiPut<HelpRequest>(path(id), { description })
export const updateRequestLocation = (id: number, { latitude, longitude }: Coordinates, isApproximate: boolean) =>
  apiPut<HelpRequest>(path(id, '/location'), { latitude, longitude, isApproximate: isApproximate ? 1 : 0 })
export const addView = (id: number) => apiPut<HelpRequest>(path(id, '/add-view'), {})
export const takeOver = (id: number) => apiPut<HelpRequest>(path(id, '/addresponder'), {})
export const removeResponder = (id: number, removedBy: 'owner' | 'responder') =>
  apiPut<HelpRequest>(path(id, '/removeresponder'), { removedBy })
export const setReady = (id: number, gotHelp: boolean) =>
  apiPut<HelpRequest>(path(id, '/setready'), { gotHelp: gotHelp ? 1 : 0 })
export const deleteRequest = (id: number) => apiFetch<void>(path(id), { method: 'DELETE' })
