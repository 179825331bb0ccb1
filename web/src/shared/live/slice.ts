import type { StateCreator } from 'zustand'

export interface LiveState {
  /**
   * The server closed this page's event stream because the user opened it in more places than their limit (docs/live-and-push.md): live updates wait here until the page is looked at again or the user resumes them.
   */
  livePaused: boolean
}

export interface LiveActions {
  setLivePaused: (paused: boolean) => void
}

export type LiveSlice = LiveState & LiveActions

export const initialLiveState: LiveState = { livePaused: false }

export const createLiveSlice: StateCreator<LiveSlice, [], [], LiveSlice> = (set) => ({
  ...initialLiveState,
  setLivePaused: (livePaused) => set({ livePaused }),
})

export const selectLivePaused = (state: LiveState): boolean => state.livePaused

declare module '../store/app-state.ts' {
  interface AppState extends LiveSlice {}
}
