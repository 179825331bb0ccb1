import { createSessionSlice } from '../features/account/session/slice.ts'
import { createSettingsSlice } from '../features/settings/slice.ts'
import { createLiveSlice } from '../shared/live/slice.ts'
import { addSlices } from '../shared/store/store.ts'

/**
 * The store's composition (ADR 0021). The shell's slices (settings and language, the session, the live stream's
 * state) are there before the first render: the boot screen, the install page and the route guards read them.
 */
export function addShellSlices(): void {
  addSlices(createSettingsSlice, createSessionSlice, createLiveSlice)
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
