import type { StateCreator } from 'zustand'
import { fetchWaitingProgress, type WaitingProgress } from './waiting-progress.ts'

/**
 * The waiting owner's progress per request (docs/product.md#progress-while-waiting): fetched when the owner's detail
 * shows it and after the event stream reconnects, kept current by `request.progress` events in between (the server
 * sends them to the owner alone).
 */
export interface WaitingProgressState {
  waitingProgress: Readonly<Record<number, WaitingProgress>>
  /** Requests whose progress could not be fetched (and none is held): the block says so and offers to try again. */
  waitingProgressFailed: Readonly<Record<number, true>>
}

export interface WaitingProgressActions {
  loadWaitingProgress: (requestId: number) => Promise<void>
  /** An owner's detail shows this request's progress: fetched now and after a reconnection. Call the answer to stop. */
  watchWaitingProgress: (requestId: number) => () => void
  /** The event stream (re)connected: what it may have missed, fetched again for the details on screen. */
  reloadWatchedWaitingProgress: () => void
  /** A `request.progress` event, or the answer of "Alert more helpers now". */
  waitingProgressArrived: (requestId: number, progress: WaitingProgress) => void
  waitingProgressAfterLogout: () => void
}

export type WaitingProgressSlice = WaitingProgressState & WaitingProgressActions

export const initialWaitingProgressState: WaitingProgressState = { waitingProgress: {}, waitingProgressFailed: {} }

const without = <T>(record: Readonly<Record<number, T>>, requestId: number) => {
  const { [requestId]: _gone, ...rest } = record
  return rest
}

export const createWaitingProgressSlice: StateCreator<WaitingProgressSlice, [], [], WaitingProgressSlice> = (
  set,
  get,
) => {
  /** Requests whose progress an open detail shows, with how many details show it. */
  const watched = new Map<number, number>()
  return {
    ...initialWaitingProgressState,
    async loadWaitingProgress(requestId) {
      try {
        get().waitingProgressArrived(requestId, await fetchWaitingProgress(requestId))
      } catch (error) {
        console.warn('Fetching the progress failed', error)
        // A progress held already stays on screen (offline at the roadside): only an empty block says it failed.
        if (!get().waitingProgress[requestId])
          set({ waitingProgressFailed: { ...get().waitingProgressFailed, [requestId]: true } })
      }
    },
    watchWaitingProgress(requestId) {
      watched.set(requestId, (watched.get(requestId) ?? 0) + 1)
      void get().loadWaitingProgress(requestId)
      return () => {
        const left = (watched.get(requestId) ?? 1) - 1
        if (left > 0) watched.set(requestId, left)
        else watched.delete(requestId)
      }
    },
    reloadWatchedWaitingProgress() {
      for (const requestId of watched.keys()) void get().loadWaitingProgress(requestId)
    },
    waitingProgressArrived(requestId, progress) {
      set({
        waitingProgress: { ...get().waitingProgress, [requestId]: progress },
        waitingProgressFailed: without(get().waitingProgressFailed, requestId),
      })
    },
    waitingProgressAfterLogout() {
      watched.clear()
      set(initialWaitingProgressState)
    },
  }
}

declare module '#shared/store/app-state.ts' {
  interface AppState extends WaitingProgressSlice {}
}
