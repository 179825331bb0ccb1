import type { StateCreator } from 'zustand'
import type { Coordinates } from '../../api/types.ts'
import { fetchSavedLocation, reportLocation } from '../../api/user.ts'
import { getBrowserPosition } from '../../location/browser-position.ts'
import { markLocationReported, wasLocationReported } from '../../location/report-flag.ts'
import type { AppState } from '../index.ts'

export type LocationStatus = 'idle' | 'locating' | 'known' | 'unavailable'

export interface LocationState {
  position: Coordinates | null
  /** A browser fix is current; the server's copy is the last one this user reported from somewhere. */
  positionSource: 'browser' | 'server' | null
  locationStatus: LocationStatus
}

export interface LocationActions {
  /**
   * The browser's position, else (for a logged-in user) the one the server kept. Resolves null when neither is
   * known. Errors go to the console only (SPEC 8); screens read `locationStatus`.
   */
  locate: () => Promise<Coordinates | null>
  /** Reports a browser position to the server once per browser session, when logged in (SPEC 7). */
  reportLocationOnce: () => void
  /**
   * A session began: report the browser position if it is known, or, if none could be found as a visitor, try
   * again now that the server's saved position is available.
   */
  locationAfterLogin: () => void
  /** A session ended: forget the position that came from the account, and the per-session report. */
  locationAfterLogout: () => void
  /** The settings button: a fresh browser position, reported now. Resolves the message key to show. */
  updateLocationNow: () => Promise<'locationupdated' | 'locationfailed' | 'genericerror'>
}

export type LocationSlice = LocationState & LocationActions

export const initialLocationState: LocationState = { position: null, positionSource: null, locationStatus: 'idle' }

export const createLocationSlice: StateCreator<AppState, [], [], LocationSlice> = (set, get) => {
  let locating: Promise<Coordinates | null> | null = null

  async function fromBrowser(): Promise<Coordinates | null> {
    try {
      const position = await getBrowserPosition()
      set({ position, positionSource: 'browser', locationStatus: 'known' })
      return position
    } catch (error) {
      // Refused permission or no fix: expected on many devices, so a warning and not an error.
      console.warn('Browser position unavailable', error)
      return null
    }
  }

  async function fromServer(): Promise<Coordinates | null> {
    if (get().status !== 'loggedIn') return null
    try {
      const { latitude, longitude } = await fetchSavedLocation()
      if (latitude === null || longitude === null) return null
      const position = { latitude, longitude }
      set({ position, positionSource: 'server', locationStatus: 'known' })
      return position
    } catch (error) {
      console.error('Fetching the saved location failed', error)
      return null
    }
  }

  return {
    ...initialLocationState,

    locate: () => {
      locating ??= (async () => {
        set({ locationStatus: 'locating' })
        try {
          const position = (await fromBrowser()) ?? (await fromServer())
          if (!position) set({ locationStatus: 'unavailable' })
          else if (get().positionSource === 'browser') get().reportLocationOnce()
          return position
        } finally {
          locating = null
        }
      })()
      return locating
    },

    reportLocationOnce: () => {
      const { status, position, positionSource } = get()
      if (status !== 'loggedIn' || !position || positionSource !== 'browser' || wasLocationReported()) return
      markLocationReported(true)
      reportLocation(position).catch((error: unknown) => {
        console.error('Reporting the location failed', error)
        markLocationReported(false)
      })
    },

    locationAfterLogin: () => {
      const { position, locationStatus } = get()
      if (position) get().reportLocationOnce()
      else if (locationStatus === 'unavailable') void get().locate()
    },

    locationAfterLogout: () => {
      markLocationReported(false)
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
        markLocationReported(true)
        return 'locationupdated'
      } catch (error) {
        console.error('Reporting the location failed', error)
        return 'genericerror'
      }
    },
  }
}

export const selectPosition = (state: AppState): Coordinates | null => state.position
export const selectLocationStatus = (state: AppState): LocationStatus => state.locationStatus
