/**
 * What a share link's page shows (docs/requests.md, "Share links"), as pure functions of the server's answers, so
 * they are tested without a DOM (test/unit/web/share-link.test.ts).
 */
import type { SharedRequest } from '#server/schemas/share-link.ts'
import { intlLocale } from '#shared/format/intl-locale.ts'

/**
 * The page asks again this often while it is visible, and at once when it becomes visible again or the device comes
 * back online (docs/requests.md, "Share links": polling, not the event stream, which is for signed-in users).
 */
export const POLL_INTERVAL_MS = 12_000

export interface SharedState {
  /** `loading` before the first answer; `gone` once the link is no longer valid (a 404). */
  phase: 'loading' | 'shown' | 'gone' | 'failed'
  request: SharedRequest | null
  /** When the shown answer came (ms since the epoch). */
  checkedAt: number | null
  /** The last ask got no answer: what is shown may be old. */
  failing: boolean
}

export const initialSharedState: SharedState = { phase: 'loading', request: null, checkedAt: null, failing: false }

export type SharedEvent = { type: 'answer'; request: SharedRequest; at: number } | { type: 'gone' } | { type: 'failed' }

export function sharedReducer(state: SharedState, event: SharedEvent): SharedState {
  switch (event.type) {
    case 'answer':
      return { phase: 'shown', request: event.request, checkedAt: event.at, failing: false }
    case 'gone':
      return { phase: 'gone', request: null, checkedAt: null, failing: false }
    case 'failed':
      // A request already shown stays on screen, marked as possibly old; before the first answer, the error shows.
      return state.request ? { ...state, failing: true } : { ...state, phase: 'failed', failing: true }
  }
}

/**
 * Nothing more can change on the page: the link is gone, or the request is completed (its end; asking on would
 * only turn "This request is closed" into "no longer valid" an hour later).
 */
export const isFinal = (state: SharedState): boolean => state.phase === 'gone' || state.request?.status === 'completed'

/** The headline: where the request stands, in the friend's words. */
export type SharedHeadline = 'waiting' | 'helping' | 'onTheWay' | 'closed'

export function headlineOf(request: SharedRequest): SharedHeadline {
  if (request.status === 'completed') return 'closed'
  if (request.helper === null) return 'waiting'
  return request.helper.on_my_way ? 'onTheWay' : 'helping'
}

/** A time of day, with the weekday when it is not today: "14:32", "Sat 09:05" (in the interface locale). */
export function formatClock(iso: string, nowMs: number, locale: string): string {
  const at = new Date(iso)
  const sameDay = new Date(nowMs).toDateString() === at.toDateString()
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at)
}
