import type { ServiceInput } from '#server/domain/services/rules.ts'
import { apiFetch, apiPut } from '#shared/api/client.ts'
import type { AdminService } from './service-form.ts'

/** The admin's calls of the service routes (server/routes/services.ts). */

/** Every service with its import id, which an edit must send back to keep. */
export const fetchAdminServices = () => apiFetch<AdminService[]>('/api/admin/services')

export const createService = (service: ServiceInput) =>
  apiFetch<{ service_id: number }>('/api/services', { method: 'POST', body: service })

export const replaceService = (serviceId: number, service: ServiceInput) =>
  apiPut<{ service_id: number }>(`/api/services/${serviceId}`, service)

export const deleteService = (serviceId: number) => apiFetch<void>(`/api/services/${serviceId}`, { method: 'DELETE' })
