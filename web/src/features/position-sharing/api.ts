import type { HelperPosition } from '#server/schemas/responder-position.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { apiFetch } from '#shared/api/client.ts'

/** The server's type of the helper's shared position (docs/product.md#on-my-way). */
export type { HelperPosition }

const path = (id: number) => `/api/requests/${id}/responder-position`

/** The helper's latest shared position, or null when nothing is shared (a 204). */
export const fetchHelperPosition = async (requestId: number): Promise<HelperPosition | null> =>
  (await apiFetch<HelperPosition | undefined>(path(requestId))) ?? null
export const sharePosition = (requestId: number, position: Coordinates) =>
  apiFetch<HelperPosition>(path(requestId), { method: 'PUT', body: position })
export const stopSharingPosition = (requestId: number) => apiFetch<void>(path(requestId), { method: 'DELETE' })
