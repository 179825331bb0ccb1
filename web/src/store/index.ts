import { create } from 'zustand'
import { keepRequestsOnDevice } from './keep-requests-on-device.ts'
import { stopSharingWhenResponseEnds } from './stop-sharing-when-response-ends.ts'
import { createLiveSlice, type LiveSlice } from './slices/live.ts'
import { createLocationSlice, type LocationSlice } from './slices/location.ts'
import { createMessagesSlice, type MessagesSlice } from './slices/messages.ts'
import { createPositionsSlice, type PositionsSlice } from './slices/positions.ts'
import { createRequestsSlice, type RequestsSlice } from './slices/requests.ts'
import { createServicesSlice, type ServicesSlice } from './slices/services.ts'
import { createSessionSlice, type SessionSlice } from './slices/session.ts'
import { createSettingsSlice, type SettingsSlice } from './slices/settings.ts'

/** The whole client state: one bound store, one slice per concern. */
export type AppState = SettingsSlice &
  SessionSlice &
  LocationSlice &
  RequestsSlice &
  ServicesSlice &
  MessagesSlice &
  PositionsSlice &
  LiveSlice

export const useStore = create<AppState>()((...args) => ({
  ...createSettingsSlice(...args),
  ...createSessionSlice(...args),
  ...createLocationSlice(...args),
  ...createRequestsSlice(...args),
  ...createServicesSlice(...args),
  ...createMessagesSlice(...args),
  ...createPositionsSlice(...args),
  ...createLiveSlice(...args),
}))

keepRequestsOnDevice(useStore)
stopSharingWhenResponseEnds(useStore)
