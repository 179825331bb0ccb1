import { apiFetch, apiFetchWithHeaders, apiPut, type CallOptions } from '#shared/api/client.ts'
import type { Coordinates } from '#shared/api/types.ts'

// The server's lists (docs/product.md#help-requests) are the only copy: a category added there reaches the form and the
// labels' types.
export { REQUEST_CATEGORIES, type RequestCategory, type RequestStatus } from '#server/domain/shared/categories.ts'
import type { RequestCategory } from '#server/domain/shared/categories.ts'
import type { CreateRequestBody, HelpRequest } from '#server/schemas/request.ts'
import type { RequestRole } from '#server/domain/requests/people.ts'

/** A help request as the server answers it (docs/product.md#help-requests): the type of the server's response schema. */
export type { HelpRequest, RequestRole }

/** POST /api/requests: the server's body type, with the category narrowed to the ones the form offers. */
export type NewRequest = CreateRequestBody & { category: RequestCategory }

/** Typed calls of the /api/requests endpoints (docs/product.md#help-requests; the OpenAPI at /api/docs). */

const path = (id: number, action = '') => `/api/requests/${id}${action}`

/** A list answer: the requests, and the cursors the server sent with them (null when it sent none). */
export interface RequestPage {
  requests: HelpRequest[]
  /** For `since`: the changes after this answer. */
  syncCursor: string | null
  /** Show-all: the next page, null after the last. */
  nextCursor: string | null
}

export interface RequestChanges {
  requests: HelpRequest[]
  removed: number[]
  syncCursor: string | null
}

const cursors = (headers: Headers) => ({
  syncCursor: headers.get('x-sync-cursor'),
  nextCursor: headers.get('x-next-cursor'),
})

/**
 * GET /api/requests: the nearby list (docs/product.md#help-requests), or with `all` a show-all page (`before`: the page
 * after).
 */
export async function fetchRequestPage(all = false, before: string | null = null): Promise<RequestPage> {
  const query = all ? `?all=1${before ? `&before=${before}` : ''}` : ''
  const { body, headers } = await apiFetchWithHeaders<HelpRequest[]>(`/api/requests${query}`)
  return { requests: body, ...cursors(headers) }
}

/** What changed in a list since a cursor of an earlier answer of the same list (`all`: the show-all one). */
export async function fetchRequestChanges(since: string, all = false): Promise<RequestChanges> {
  const { body, headers } = await apiFetchWithHeaders<Omit<RequestChanges, 'syncCursor'>>(
    `/api/requests?since=${since}${all ? '&all=1' : ''}`,
  )
  return { ...body, syncCursor: cursors(headers).syncCursor }
}
export const fetchRequest = (id: number) => apiFetch<HelpRequest>(path(id))
/** `call`: the Idempotency-Key the outbox made when the user pressed Send, and its timeout (docs/outbox.md). */
export const createRequest = (request: NewRequest, call: CallOptions = {}) =>
  apiFetch<HelpRequest>('/api/requests', { method: 'POST', body: request, ...call })
export const updateDescription = (id: number, description: string) => apiPut<HelpRequest>(path(id), { description })
export const updateRequestLocation = (id: number, { latitude, longitude }: Coordinates, isApproximate: boolean) =>
  apiPut<HelpRequest>(path(id, '/location'), { latitude, longitude, isApproximate: isApproximate ? 1 : 0 })
export const addView = (id: number) => apiPut<HelpRequest>(path(id, '/add-view'), {})
export const takeOver = (id: number) => apiPut<HelpRequest>(path(id, '/addresponder'), {})
export const removeHelper = (id: number, removedBy: RequestRole) =>
  apiPut<HelpRequest>(path(id, '/removeresponder'), { removedBy })
export const setReady = (id: number, gotHelp: boolean) =>
  apiPut<HelpRequest>(path(id, '/setready'), { gotHelp: gotHelp ? 1 : 0 })
export const deleteRequest = (id: number) => apiFetch<void>(path(id), { method: 'DELETE' })
