import type { StateCreator } from 'zustand'

export interface LiveState {
  /**
   * The server closed this page's event stream because the user opened it in more places than their limit (docs/live-and-push.md): live updates wait here until the page is looked at again or the user resumes them.
   */
  livePaused: boolean
  /**
   * How many times the server said the moderation queue changed (`reports.changed`, sent to admins only): the
   * dashboard's Reports section and its badge load again when it moves (docs/admin.md, "Moderation").
   */
  reportsChanges: number
}

export interface LiveActions {
  setLivePaused: (paused: boolean) => void
  reportsChanged: () => void
}

export type LiveSlice = LiveState & LiveActions

export const initialLiveState: LiveState = { livePaused: false, reportsChanges: 0 }

export const createLiveSlice: StateCreator<LiveSlice, [], [], LiveSlice> = (set, get) => ({
  ...initialLiveState,
  setLivePaused: (livePaused) => set({ livePaused }),
  reportsChanged: () => set({ reportsChanges: get().reportsChanges + 1 }),
})

export const selectReportsChanges = (state: LiveState): number => state.reportsChanges

export const selectLivePaused = (state: LiveState): boolean => state.livePaused

declare module '../store/app-state.ts' {
  interface AppState extends LiveSlice {}
}
