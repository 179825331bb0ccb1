import type { StateCreator } from 'zustand'
import { ApiError } from '#shared/api/errors.ts'
import { fetchHelperPosition, sharePosition, stopSharingPosition, type HelperPosition } from './api.ts'
import { PositionSharer, type SendOutcome } from './position-sharer.ts'
import type { Coordinates } from '#shared/api/types.ts'

/**
 * "On my way" (docs/product.md#on-my-way). The owner's side: where the helper of each of their requests is, as the
 * server last told (fetched when the detail opens, then live). The helper's side: the requests whose owner they share
 * their position with. Sharing runs while the app is open and the response lasts (stopSharingWhenResponseEnds), not
 * only while the detail is on screen: a helper on their way looks at the road, not at the app.
 */
export interface PositionsState {
  helperPositions: Readonly<Record<number, HelperPosition>>
  /** Requests this user shares their position on now. */
  sharing: Readonly<Record<number, true>>
  /**
   * Requests whose sharing stopped because the browser refused the position (the permission withdrawn, e.g. before
   * a reload resumed it): the helper's switch says so instead of claiming to share (ShareLocationToggle).
   */
  sharingRefused: Readonly<Record<number, true>>
}

export interface PositionsActions {
  loadHelperPosition: (requestId: number) => Promise<void>
  /** An owner's detail shows this request's helper: fetched now and after a reconnection. Call the answer to stop. */
  watchHelperPosition: (requestId: number) => () => void
  /** The event stream (re)connected: what it may have missed, fetched again for the details on screen. */
  reloadWatchedHelperPositions: () => void
  /** A `responder.position` event: the helper moved, or (null) stopped sharing or left. */
  helperPositionArrived: (requestId: number, position: HelperPosition | null) => void
  startSharing: (requestId: number) => void
  /** Stops sharing; `tellServer` false when the server has already erased it (the response ended). */
  stopSharing: (requestId: number, tellServer?: boolean) => void
  positionsAfterLogout: () => void
}

export type PositionsSlice = PositionsState & PositionsActions

/** What this slice uses of the whole store besides itself: the browser position (location slice). */
export type PositionsStore = PositionsSlice & {
  position: Coordinates | null
  positionSource: 'browser' | 'server' | null
  followPrecisely: (onFix: (position: Coordinates) => void, onDenied?: () => void) => () => void
}

export const initialPositionsState: PositionsState = { helperPositions: {}, sharing: {}, sharingRefused: {} }

const without = <T>(record: Readonly<Record<number, T>>, requestId: number) => {
  const { [requestId]: _gone, ...rest } = record
  return rest
}

/** What a refused update means: 429 (too soon) and network trouble are tried again; not the helper any more ends it. */
function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof ApiError && [403, 404, 409].includes(error.status)) return 'end'
  return 'later'
}

export const createPositionsSlice: StateCreator<PositionsStore, [], [], PositionsSlice> = (set, get) => {
  const running = new Map<number, { sharer: PositionSharer; stopWatching: () => void }>()
  /** Requests whose helper an open detail shows, with how many details show it. */
  const watched = new Map<number, number>()

  function end(requestId: number) {
    const run = running.get(requestId)
    running.delete(requestId)
    run?.stopWatching()
    run?.sharer.stop()
    set({ sharing: without(get().sharing, requestId) })
  }

  return {
    ...initialPositionsState,
    async loadHelperPosition(requestId) {
      try {
        get().helperPositionArrived(requestId, await fetchHelperPosition(requestId))
      } catch (error) {
        // The live events keep it current from here on; the map simply has no helper dot yet.
        console.warn('Fetching the helper position failed', error)
      }
    },
    watchHelperPosition(requestId) {
      watched.set(requestId, (watched.get(requestId) ?? 0) + 1)
      void get().loadHelperPosition(requestId)
      return () => {
        const left = (watched.get(requestId) ?? 1) - 1
        if (left > 0) watched.set(requestId, left)
        else watched.delete(requestId)
      }
    },
    reloadWatchedHelperPositions() {
      for (const requestId of watched.keys()) void get().loadHelperPosition(requestId)
    },
    helperPositionArrived(requestId, position) {
      const { helperPositions } = get()
      if (position === null) return set({ helperPositions: without(helperPositions, requestId) })
      const shown = helperPositions[requestId]
      // A fetch's answer and an event may cross: never go back to an older position.
      if (shown && Date.parse(shown.at) > Date.parse(position.at)) return
      set({ helperPositions: { ...helperPositions, [requestId]: position } })
    },
    startSharing(requestId) {
      if (running.has(requestId)) return
      const sharer = new PositionSharer(
        async (position) => {
          try {
            await sharePosition(requestId, position)
            return 'sent'
          } catch (error) {
            return outcomeOf(error)
          }
        },
        () => end(requestId),
      )
      // The helper's own dot and distance follow the same fixes (the location slice sets them). Without the
      // browser's permission no fix comes: sharing stops, the server erases the last position (the owner is not left
      // reading "last seen … ago"), and the helper's switch says why.
      let refused = false
      const stopWatching = get().followPrecisely(
        (position) => sharer.fix(position),
        () => {
          refused = true
          if (!running.has(requestId)) return
          get().stopSharing(requestId)
          set({ sharingRefused: { ...get().sharingRefused, [requestId]: true } })
        },
      )
      set({ sharingRefused: without(get().sharingRefused, requestId) })
      if (refused) {
        stopWatching()
        sharer.stop()
        set({ sharingRefused: { ...get().sharingRefused, [requestId]: true } })
        // A resumed sharing (resume-sharing.ts) may have left a position on the server from before the reload.
        stopSharingPosition(requestId).catch((error: unknown) => console.warn('Stopping the sharing failed', error))
        return
      }
      running.set(requestId, { sharer, stopWatching })
      // A fresh browser fix the app already has goes at once: a new watch may wait for the next move to report.
      const { position, positionSource } = get()
      if (position && positionSource === 'browser') sharer.fix(position)
      set({ sharing: { ...get().sharing, [requestId]: true } })
    },
    stopSharing(requestId, tellServer = true) {
      end(requestId)
      if (tellServer)
        stopSharingPosition(requestId).catch((error: unknown) => console.warn('Stopping the sharing failed', error))
    },
    positionsAfterLogout() {
      for (const requestId of [...running.keys()]) end(requestId)
      set(initialPositionsState)
    },
  }
}

declare module '#shared/store/app-state.ts' {
  interface AppState extends PositionsSlice {}
}
