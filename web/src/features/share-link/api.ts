import type { ShareLink, SharedRequest } from '#server/schemas/share-link.ts'
import { apiFetch } from '#shared/api/client.ts'

/** The server's types of a share link and of what its page shows (docs/requests.md, "Share links"). */
export type { ShareLink, SharedRequest }

const path = (requestId: number) => `/api/requests/${requestId}/share`

/** Makes the request's link, or answers the one still live (the owner's). */
export const shareRequest = (requestId: number) => apiFetch<ShareLink>(path(requestId), { method: 'POST' })
/** The request's live link, or null when there is none (a 204). */
export const fetchShareLink = async (requestId: number): Promise<ShareLink | null> =>
  (await apiFetch<ShareLink | undefined>(path(requestId))) ?? null
export const revokeShareLink = (requestId: number) => apiFetch<void>(path(requestId), { method: 'DELETE' })

/**
 * What the link's page shows; anyone with the link may ask, so no token is sent and a 401 means nothing here.
 * `no-cache`: every poll asks the server, never the browser's cache.
 */
export const fetchShared = (token: string) =>
  apiFetch<SharedRequest>(`/api/shared/${encodeURIComponent(token)}`, { auth: false, cache: 'no-cache' })
