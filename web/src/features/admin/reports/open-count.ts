import { create } from 'zustand'
import { fetchReports } from './api.ts'

/**
 * How many reports wait for a decision: the badge of the dashboard's Reports section. The section sets it from every
 * open list it loads; the dashboard asks for it when it opens and when the page is shown again. Null while unknown.
 * Its own tiny store: it lives in the dashboard's lazy chunk, like the rest of the dashboard's state.
 */
interface OpenReportCount {
  openCount: number | null
  setOpenCount: (count: number) => void
  refreshOpenCount: () => Promise<void>
}

export const useOpenReportCount = create<OpenReportCount>()((set) => ({
  openCount: null,
  setOpenCount: (count) => set({ openCount: count }),
  async refreshOpenCount() {
    try {
      set({ openCount: (await fetchReports('open')).length })
    } catch (error) {
      // The badge keeps what it said: the section itself says when the reports cannot be loaded.
      console.warn('Counting the open reports failed', error)
    }
  },
}))
