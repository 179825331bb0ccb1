import type { StateCreator } from 'zustand'
import { fetchServices, type Service } from '../../api/services.ts'
import type { ServiceFilter } from '../../services/services.ts'
import type { AppState } from '../index.ts'

export type ServicesStatus = 'idle' | 'loading' | 'loaded' | 'failed'

export type { ServiceFilter } from '../../services/services.ts'

export interface ServicesState {
  services: Service[]
  servicesStatus: ServicesStatus
  serviceFilter: ServiceFilter
}

export interface ServicesActions {
  /** GET /api/services; public. Keeps the last list on a failure. A load already running is shared. */
  loadServices: () => Promise<void>
  setServiceFilter: (filter: ServiceFilter) => void
}

export type ServicesSlice = ServicesState & ServicesActions

export const initialServicesState: ServicesState = { services: [], servicesStatus: 'idle', serviceFilter: 'all' }

export const createServicesSlice: StateCreator<AppState, [], [], ServicesSlice> = (set) => {
  let loading: Promise<void> | null = null
  return {
    ...initialServicesState,
    loadServices: () => {
      loading ??= (async () => {
        set({ servicesStatus: 'loading' })
        try {
          set({ services: await fetchServices(), servicesStatus: 'loaded' })
        } catch (error) {
          console.error('Fetching the services failed', error)
          set({ servicesStatus: 'failed' })
        } finally {
          loading = null
        }
      })()
      return loading
    },
    setServiceFilter: (serviceFilter) => set({ serviceFilter }),
  }
}
