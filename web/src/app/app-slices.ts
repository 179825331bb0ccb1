import { createLocationSlice } from '../features/account/location/slice.ts'
import { createConversationSlice } from '../features/conversation/slice.ts'
import { keepConversationsOnDevice } from '../features/conversation/keep-conversations-on-device.ts'
import { createModerationSlice } from '../features/moderation/slice.ts'
import { createOutboxSlice } from '../features/outbox/slice.ts'
import { sendOutboxWhenPossible } from '../features/outbox/send-when-possible.ts'
import { keepScreenOnWhileSharing } from '../features/position-sharing/keep-screen-on-while-sharing.ts'
import { resumeSharingAfterReload } from '../features/position-sharing/resume-sharing.ts'
import { createPositionsSlice } from '../features/position-sharing/slice.ts'
import { stopSharingWhenResponseEnds } from '../features/position-sharing/stop-sharing-when-response-ends.ts'
import { keepRequestsOnDevice } from '../features/requests/keep-requests-on-device.ts'
import { createRequestsSlice } from '../features/requests/slice.ts'
import { createWaitingProgressSlice } from '../features/requests/waiting-progress-slice.ts'
import { createServicesSlice } from '../features/services/slice.ts'
import { addSlices, useStore } from '#shared/store/store.ts'
import { followSession } from './follow-session.ts'
import { connectEventStream } from './live-events.ts'

/**
 * The slices every screen but the shell's reads (the position, the requests, the service map, conversations,
 * position sharing, the search's progress, moderation, the outbox) and the work that follows them: a chunk of its
 * own, loaded by store.ts with the first screen that needs it, so the first visit's install page carries none of it
 * (bench/chunks.ts). Each part starts from the state it finds.
 */
addSlices(
  createLocationSlice,
  createRequestsSlice,
  createServicesSlice,
  createConversationSlice,
  createPositionsSlice,
  createWaitingProgressSlice,
  createModerationSlice,
  createOutboxSlice,
)
followSession(useStore)
keepRequestsOnDevice(useStore)
keepConversationsOnDevice(useStore)
stopSharingWhenResponseEnds(useStore)
resumeSharingAfterReload(useStore)
keepScreenOnWhileSharing(useStore)
connectEventStream()
// What waited on the phone for a network goes out by itself (docs/outbox.md).
sendOutboxWhenPossible(useStore)
