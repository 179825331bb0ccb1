import type { HelpRequest } from './request.ts'

/**
 * What GET /api/events sends over the WebSocket; the server writes these and the web client reads them. No
 * TypeBox schema: nothing validates outgoing socket messages. `request.upserted` carries the request exactly as
 * GET /api/requests/{id} would answer this user; `refetch` means events may have been missed.
 */
export type ServerEvent =
  | { type: 'ready' }
  | { type: 'refetch' }
  | { type: 'request.upserted'; request: HelpRequest }
  | { type: 'request.deleted'; request_id: number }
