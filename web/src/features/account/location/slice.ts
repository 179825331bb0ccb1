import type { StateCreator } from 'zustand'
import type { Coordinates } from '#shared/api/types.ts'
import { logCallFailure } from '#shared/api/errors.ts'
import { fetchSavedLocation, reportLocation } from '../api.ts'
import { getBrowserLocation, watchBrowserLocation } from './browser-location.ts'
import { LocationReporter } from './location-reporter.ts'
import { readLastReport, saveLastReport } from './report-flag.ts'
import type { AppState } from '#shared/store/store.ts'

export type LocationStatus = 'idle' | 'locating' | 'known' | 'unavailable'

export interface LocationState {
  position: Coordinates | null
  /** A browser fix is current; the server's copy is the last one this user reported from somewhere. */
  positionSource: 'browser' | 'server' | null
  locationStatus: LocationStatus
  /**
   * The position the server holds for this user, as far as this device knows (its last report, or the server's
   * answer): the centre the server lists requests around, so the list filters around it too. Null: not known.
   */
  reachCentre: Coordinates | null
}

export interface LocationActions {
  /**
   * The browser's position, else (for a logged-in user) the one the server kept. Resolves null when neither is
   * known. Errors go to the console only (docs/product.md#messages); screens read `locationStatus`.
   */
  locate: () => Promise<Coordinates | null>
  /**
   * Keeps the server's copy of a browser position current while logged in: reported once per browser session
   * (docs/product.md#accounts), then after moves of more than a kilometre, at most once a minute
   * (location-reporter.ts).
   */
  reportPosition: () => void
  /**
   * A session began: report the browser position if it is known, or, if none could be found as a visitor, try
   * again now that the server's saved position is available.
   */
  locationAfterLogin: () => void
  /** A session ended: forget the position that came from the account, and the per-session report. */
  locationAfterLogout: () => void
  /** The settings button: a fresh browser position, reported now. Resolves the message key to show. */
  updateLocationNow: () => Promise<'locationupdated' | 'locationfailed' | 'genericerror'>
  /**
   * Follows the browser position precisely (the helper sharing it on their way), the user's own dot and distances
   * too; call the answer to stop.
   */
  followPrecisely: (onFix: (position: Coordinates) => void, onDenied?: () => void) => () => void
}

export type LocationSlice = LocationState & LocationActions

export const initialLocationState: LocationState = {
  position: null,
  positionSource: null,
  locationStatus: 'idle',
  reachCentre: null,
}

export const createLocationSlice: StateCreator<AppState, [], [], LocationSlice> = (set, get) => {
  let locating: Promise<Coordinates | null> | null = null
  let stopWatching: (() => void) | null = null
  const reporter = new LocationReporter(async (position) => {
    await reportLocation(position)
    saveLastReport({ position, at: Date.now() })
    set({ reachCentre: position })
    // The server lists requests around the new centre: fetch what came into or went out of reach (a `since` answer).
    if (get().status === 'loggedIn') void get().refetchRequests()
  }, readLastReport())

  /** After a browser fix, while logged in: follow the position (the user allowed it), reporting moves. */
  function follow() {
    stopWatching ??= watchBrowserLocation((position) => {
      set({ position, positionSource: 'browser', locationStatus: 'known' })
      get().reportPosition()
    })
  }

  async function fromBrowser(): Promise<Coordinates | null> {
    try {
      const position = await getBrowserLocation()
      set({ position, positionSource: 'browser', locationStatus: 'known' })
      return position
    } catch (error) {
      // Refused permission or no fix: expected on many devices, so a warning and not an error.
      console.warn('Browser position unavailable:', error instanceof Error ? error.message : error)
      return null
    }
  }

  async function fromServer(): Promise<Coordinates | null> {
    if (get().status !== 'loggedIn') return null
    try {
      const { latitude, longitude } = await fetchSavedLocation()
      if (latitude === null || longitude === null) return null
      const position = { latitude, longitude }
      set({ position, positionSource: 'server', locationStatus: 'known', reachCentre: position })
      return position
    } catch (error) {
      logCallFailure('Fetching the saved location failed', error)
      return null
    }
  }

  return {
    ...initialLocationState,

    followPrecisely: (onFix, onDenied) =>
      watchBrowserLocation(
        (position) => {
          set({ position, positionSource: 'browser', locationStatus: 'known' })
          onFix(position)
        },
        true,
        onDenied,
      ),

    locate: () => {
      locating ??= (async () => {
        set({ locationStatus: 'locating' })
        try {
          const position = (await fromBrowser()) ?? (await fromServer())
          if (!position) set({ locationStatus: 'unavailable' })
          else if (get().positionSource === 'browser') get().reportPosition()
          return position
        } finally {
          locating = null
        }
      })()
      return locating
    },

    reportPosition: () => {
      const { status, position, positionSource } = get()
      if (status !== 'loggedIn' || !position || positionSource !== 'browser') return
      reporter.moved(position)
      follow()
    },

    locationAfterLogin: () => {
      const { position, locationStatus } = get()
      if (position) get().reportPosition()
      else if (locationStatus === 'unavailable') void get().locate()
    },

    locationAfterLogout: () => {
      reporter.stop()
      stopWatching?.()
      stopWatching = null
      saveLastReport(null)
      set({ reachCentre: null })
      if (get().positionSource === 'server') set(initialLocationState)
    },

    updateLocationNow: async () => {
      set({ locationStatus: 'locating' })
      const position = await fromBrowser()
      if (!position) {
        set({ locationStatus: get().position ? 'known' : 'unavailable' })
        return 'locationfailed'
      }
      try {
        await reportLocation(position)
        saveLastReport({ position, at: Date.now() })
        set({ reachCentre: position })
        void get().refetchRequests()
        return 'locationupdated'
      } catch (error) {
        logCallFailure('Reporting the location failed', error)
        return 'genericerror'
      }
    },
  }
}

export const selectPosition = (state: AppState): Coordinates | null => state.position
export const selectLocationStatus = (state: AppState): LocationStatus => state.locationStatus

declare module '#shared/store/app-state.ts' {
  interface AppState extends LocationSlice {}
}
