import type { AdminStats, RequestsPerDay } from '#server/schemas/admin.ts'
import { apiFetch } from '#shared/api/client.ts'

export type { AdminStats }
export type DayFigures = RequestsPerDay['days'][number]

/** What the figures part shows: the cards' numbers and the chart's days, loaded together. */
export interface Figures {
  stats: AdminStats
  days: DayFigures[]
}

export async function fetchFigures(): Promise<Figures> {
  const [stats, perDay] = await Promise.all([
    apiFetch<AdminStats>('/api/admin/stats'),
    apiFetch<RequestsPerDay>('/api/admin/requests-per-day'),
  ])
  return { stats, days: perDay.days }
}
