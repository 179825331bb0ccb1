import { createSessionSlice, deleteAtSessionEnd, doBeforeLogOut } from '../features/account/session/slice.ts'
import { clearCachedConversations } from '../features/conversation/conversations-cache.ts'
import { clearSharingOnDevice } from '../features/position-sharing/sharing-on-device.ts'
import { clearCachedRequests } from '../features/requests/requests-cache.ts'
import { clearDrafts } from '#shared/storage/drafts.ts'
import { createSettingsSlice } from '../features/settings/slice.ts'
import { createLiveSlice } from '#shared/live/slice.ts'
import { addSlices } from '#shared/store/store.ts'

/**
 * The store's composition (ADR 0021). The shell's slices (settings and language, the session, the live stream's
 * state) are there before the first render: the boot screen, the install page and the route guards read them.
 */
export function addShellSlices(): void {
  addSlices(createSettingsSlice, createSessionSlice, createLiveSlice)
  // Nothing of a user stays on the device after their session (docs/security.md), whether or not the screens that
  // keep those copies were ever loaded.
  deleteAtSessionEnd(clearCachedRequests)
  deleteAtSessionEnd(clearCachedConversations)
  deleteAtSessionEnd(clearDrafts)
  deleteAtSessionEnd(clearSharingOnDevice)
  // This device stops getting the user's pushes. The push code is loaded here, not with the first screen, which only
  // a logged-in user's settings and prompts need (bench/chunks.ts); the service worker has it precached offline.
  doBeforeLogOut(async () => {
    const { turnPushOff } = await import('../features/pwa/push/browser-push.ts')
    await turnPushOff()
  })
}

let appSlices: Promise<unknown> | null = null

/**
 * The rest (app-slices.ts), fetched once: every lazy screen waits for it beside its own code, and a start with a
 * stored session asks for it at once. A failed fetch is tried again by the next caller.
 */
export function loadAppSlices(): Promise<unknown> {
  appSlices ??= import('./app-slices.ts').catch((error: unknown) => {
    appSlices = null
    throw error
  })
  return appSlices
}
