import type { PublicStats } from '#server/schemas/stats.ts'
import { apiFetch } from '#shared/api/client.ts'

/** The server's type of the public figures (docs/product.md#public-figures). */
export type { PublicStats }
export type CategoryFigures = PublicStats['categories'][number]
export type DayFigures = PublicStats['days_series'][number]

/** Public: no token sent, and the browser may reuse an answer for the five minutes the server allows. */
export const fetchStats = () => apiFetch<PublicStats>('/api/stats', { auth: false })
