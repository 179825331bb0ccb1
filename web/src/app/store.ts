import { create } from 'zustand'
import { keepRequestsOnDevice } from '../features/requests/keep-requests-on-device.ts'
import { keepConversationsOnDevice } from '../features/conversation/keep-conversations-on-device.ts'
import { stopSharingWhenResponseEnds } from '../features/position-sharing/stop-sharing-when-response-ends.ts'
import { keepScreenOnWhileSharing } from '../features/position-sharing/keep-screen-on-while-sharing.ts'
import { createLiveSlice, type LiveSlice } from '../shared/live/slice.ts'
import { createLocationSlice, type LocationSlice } from '../features/account/location/slice.ts'
import { createConversationSlice, type ConversationSlice } from '../features/conversation/slice.ts'
import { createPositionsSlice, type PositionsSlice } from '../features/position-sharing/slice.ts'
import { createRequestsSlice, type RequestsSlice } from '../features/requests/slice.ts'
import { createServicesSlice, type ServicesSlice } from '../features/services/slice.ts'
import { createSessionSlice, type SessionSlice } from '../features/account/session/slice.ts'
import { createSettingsSlice, type SettingsSlice } from '../features/settings/slice.ts'
import { createWaitingProgressSlice, type WaitingProgressSlice } from '../features/requests/waiting-progress-slice.ts'
import { createModerationSlice, type ModerationSlice } from '../features/moderation/slice.ts'
import { createOutboxSlice, type OutboxSlice } from '../features/outbox/slice.ts'

/** The whole client state: one bound store, one slice per concern. */
export type AppState = SettingsSlice &
  SessionSlice &
  LocationSlice &
  RequestsSlice &
  ServicesSlice &
  ConversationSlice &
  PositionsSlice &
  WaitingProgressSlice &
  ModerationSlice &
  OutboxSlice &
  LiveSlice

export const useStore = create<AppState>()((...args) => ({
  ...createSettingsSlice(...args),
  ...createSessionSlice(...args),
  ...createLocationSlice(...args),
  ...createRequestsSlice(...args),
  ...createServicesSlice(...args),
  ...createConversationSlice(...args),
  ...createPositionsSlice(...args),
  ...createWaitingProgressSlice(...args),
  ...createModerationSlice(...args),
  ...createOutboxSlice(...args),
  ...createLiveSlice(...args),
}))

keepRequestsOnDevice(useStore)
keepConversationsOnDevice(useStore)
stopSharingWhenResponseEnds(useStore)
keepScreenOnWhileSharing(useStore)
