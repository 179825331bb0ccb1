import type { HelpRequest, RequestCategory, RequestStatus } from '#features/requests'

/**
 * The admin's live list (docs/admin.md#dashboard): pure filters and orders, tested in test/unit/web/admin-live.test.ts
 * without a DOM.
 */

export const PERIODS = ['today', 'day', 'week', 'all'] as const
/** When the request was made: today (a Helsinki calendar day), the last 24 h, the last 7 days, or all loaded. */
export type Period = (typeof PERIODS)[number]

export const TEST_CHOICES = ['all', 'real', 'test'] as const
export type TestChoice = (typeof TEST_CHOICES)[number]

export const SORT_ORDERS = ['newest', 'oldest', 'status'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

export interface LiveFilters {
  status: RequestStatus | 'all'
  category: RequestCategory | 'all'
  test: TestChoice
  period: Period
}

export const ALL_REQUESTS: LiveFilters = { status: 'all', category: 'all', test: 'all', period: 'all' }

const HOUR_MS = 3600 * 1000

/**
 * The calendar day in Europe/Helsinki as YYYY-MM-DD: the dashboard's figures count "today" that way (docs/admin.md),
 * so the list's "today" is the same day whatever the admin's own time zone.
 */
const helsinkiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

function withinPeriod(createdMs: number, period: Period, nowMs: number): boolean {
  switch (period) {
    case 'all':
      return true
    case 'today':
      return helsinkiDay.format(createdMs) === helsinkiDay.format(nowMs)
    case 'day':
      return nowMs - createdMs <= 24 * HOUR_MS
    case 'week':
      return nowMs - createdMs <= 7 * 24 * HOUR_MS
  }
}

/** Whether a request passes every filter. */
export function matchesFilters(request: HelpRequest, filters: LiveFilters, nowMs: number): boolean {
  if (filters.status !== 'all' && request.status !== filters.status) return false
  if (filters.category !== 'all' && request.category !== filters.category) return false
  if (filters.test !== 'all' && request.is_test !== (filters.test === 'test')) return false
  return withinPeriod(Date.parse(request.created_at), filters.period, nowMs)
}

/** What needs someone first: new, then in progress, then completed. */
const STATUS_RANK: Record<RequestStatus, number> = { new: 0, 'in progress': 1, completed: 2 }

const newestFirst = (a: HelpRequest, b: HelpRequest) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || b.request_id - a.request_id

const ORDERS: Record<SortOrder, (a: HelpRequest, b: HelpRequest) => number> = {
  newest: newestFirst,
  oldest: (a, b) => newestFirst(b, a),
  status: (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || newestFirst(a, b),
}

/** A sorted copy; ties (one millisecond) fall back to the id, so the order never flickers. */
export function sortRequests(requests: readonly HelpRequest[], order: SortOrder): HelpRequest[] {
  return [...requests].sort(ORDERS[order])
}

/** The requests the list and the map show, in the list's order. */
export function liveRequests(
  requests: readonly HelpRequest[],
  filters: LiveFilters,
  order: SortOrder,
  nowMs: number,
): HelpRequest[] {
  return sortRequests(
    requests.filter((request) => matchesFilters(request, filters, nowMs)),
    order,
  )
}

/** What a live change was: a request not seen before, or a new status of one that was. */
export interface LiveChange {
  kind: 'added' | 'status'
  request: HelpRequest
}

/**
 * The changes worth showing between two copies of the list, given as the statuses held before (by id): requests
 * that are new, and requests whose status changed. Other edits (description, views) are not news on the dashboard.
 */
export function liveChanges(before: ReadonlyMap<number, RequestStatus>, after: readonly HelpRequest[]): LiveChange[] {
  const changes: LiveChange[] = []
  for (const request of after) {
    const previous = before.get(request.request_id)
    if (previous === undefined) changes.push({ kind: 'added', request })
    else if (previous !== request.status) changes.push({ kind: 'status', request })
  }
  return changes
}

export const statusesById = (requests: readonly HelpRequest[]): Map<number, RequestStatus> =>
  new Map(requests.map((request) => [request.request_id, request.status]))
