import type { StateCreator } from 'zustand'
import {
  acknowledgeNotice,
  fetchNotices,
  fetchReportOptions,
  type Notice,
  type RequestRole,
  type ReportOptions,
} from './api.ts'

/**
 * Moderation as the user meets it (docs/admin.md, "Moderation"): whom they may report on each request they open, and
 * the notices of decisions they are to be told of (a warning's reasons, a report's outcome). Notices are fetched when
 * the event stream is ready (each start and reconnection) and when `notices.changed` says there is a new one.
 */
export interface ModerationState {
  /** Not acknowledged yet, oldest first: the first is shown (the requests' own `notices` are another thing). */
  moderationNotices: readonly Notice[]
  /** Per request: whom the user may report there, as the server answered when its detail was opened. */
  reportOptions: Readonly<Record<number, ReportOptions>>
}

export interface ModerationActions {
  loadNotices: () => Promise<void>
  /** The user acknowledged the notice: it goes at once (and again from the server's list). */
  noticeSeen: (noticeId: number) => Promise<void>
  loadReportOptions: (requestId: number) => Promise<void>
  /** A report was sent: that person shows as reported on this request. */
  reportSent: (requestId: number, about: RequestRole) => void
  moderationAfterLogout: () => void
}

export type ModerationSlice = ModerationState & ModerationActions

export const initialModerationState: ModerationState = { moderationNotices: [], reportOptions: {} }

export const selectModerationNotices = (state: ModerationState) => state.moderationNotices
export const selectReportOptions = (requestId: number) => (state: ModerationState) => state.reportOptions[requestId]

export const createModerationSlice: StateCreator<ModerationSlice, [], [], ModerationSlice> = (set, get) => ({
  ...initialModerationState,
  async loadNotices() {
    try {
      set({ moderationNotices: await fetchNotices() })
    } catch (error) {
      // Asked again at the next start or reconnection: a notice waits on the server until it is acknowledged.
      console.warn('Fetching the notices failed', error)
    }
  },
  async noticeSeen(noticeId) {
    set({ moderationNotices: get().moderationNotices.filter((notice) => notice.notice_id !== noticeId) })
    try {
      await acknowledgeNotice(noticeId)
    } catch (error) {
      // Not acknowledged on the server: it is shown again at the next start, which is the safe side.
      console.warn('Acknowledging the notice failed', error)
    }
  },
  async loadReportOptions(requestId) {
    try {
      const options = await fetchReportOptions(requestId)
      set({ reportOptions: { ...get().reportOptions, [requestId]: options } })
    } catch (error) {
      // Offline, or the request is gone: no "Report" button until it can be sent.
      console.warn('Fetching whom to report failed', error)
    }
  },
  reportSent(requestId, about) {
    const options = get().reportOptions[requestId]
    if (!options) return
    set({
      reportOptions: {
        ...get().reportOptions,
        [requestId]: options.map((option) => (option.about === about ? { ...option, reported: true } : option)),
      },
    })
  },
  moderationAfterLogout() {
    set(initialModerationState)
  },
})

declare module '#shared/store/app-state.ts' {
  interface AppState extends ModerationSlice {}
}
