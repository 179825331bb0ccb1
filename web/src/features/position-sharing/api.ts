import type { ResponderPosition } from '#server/schemas/responder-position.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { apiFetch } from '#shared/api/client.ts'

/** The server's type of the helper's shared position (docs/product.md#on-my-way). */
export type { ResponderPosition }

const path = (id: number) => `/api/requests/${id}/responder-position`

/** The helper's latest shared position, or null when nothing is shared (a 204). */
export const fetchResponderPosition = async (requestId: number): Promise<ResponderPosition | null> =>
  (await apiFetch<ResponderPosition | undefined>(path(requestId))) ?? null
export const sharePosition = (requestId: number, position: Coordinates) =>
  apiFetch<ResponderPosition>(path(requestId), { method: 'PUT', body: position })
export const stopSharingPosition = (requestId: number) => apiFetch<void>(path(requestId), { method: 'DELETE' })
