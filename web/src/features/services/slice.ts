import type { StateCreator } from 'zustand'
import { fetchServices, type Service } from './api.ts'
import type { ServiceFilter } from './services.ts'
import type { AppState } from '#shared/store/store.ts'

export type ServicesStatus = 'idle' | 'loading' | 'loaded' | 'failed'

export type { ServiceFilter } from './services.ts'

export interface ServicesState {
  services: Service[]
  servicesStatus: ServicesStatus
  serviceFilter: ServiceFilter
}

export interface ServicesActions {
  /**
   * GET /api/services; public. Keeps the last list on a failure. A call during a load gets one more load after it
   * (shared by all such calls), so what it resolves to is never older than the call.
   */
  loadServices: () => Promise<void>
  setServiceFilter: (filter: ServiceFilter) => void
}

export type ServicesSlice = ServicesState & ServicesActions

export const initialServicesState: ServicesState = { services: [], servicesStatus: 'idle', serviceFilter: 'all' }

export const createServicesSlice: StateCreator<AppState, [], [], ServicesSlice> = (set, get) => {
  const fetchOnce = async () => {
    // A reload of a shown list (a live change, the map tab's polling) happens in the background: the list, the
    // markers and an open list stay as they are, and a failed reload keeps the last good list on screen.
    const refreshing = get().servicesStatus === 'loaded'
    if (!refreshing) set({ servicesStatus: 'loading' })
    try {
      const services = await fetchServices()
      // An unchanged answer (the usual case of a poll) keeps the same array: nothing re-renders or redraws.
      if (!refreshing || JSON.stringify(services) !== JSON.stringify(get().services)) set({ services })
      set({ servicesStatus: 'loaded' })
    } catch (error) {
      console.error('Fetching the services failed', error)
      if (!refreshing) set({ servicesStatus: 'failed' })
    }
  }
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  const loadServices = (): Promise<void> => {
    if (!running) {
      running = fetchOnce().finally(() => (running = null))
      return running
    }
    // The running fetch may have been answered before the change this caller heard of: one more follows it, shared
    // by everyone who asks meanwhile, so a caller always gets a list at least as new as its call.
    queued ??= running.then(() => {
      queued = null
      return loadServices()
    })
    return queued
  }
  return {
    ...initialServicesState,
    loadServices,
    setServiceFilter: (serviceFilter) => set({ serviceFilter }),
  }
}

declare module '#shared/store/app-state.ts' {
  interface AppState extends ServicesSlice {}
}
