import { create, type StateCreator } from 'zustand'
import type { AppState } from './app-state.ts'

export type { AppState } from './app-state.ts'

/**
 * The app's one bound store. It starts empty: the app adds the slices (`addSlices`), the shell's before the first
 * render and the rest with the first screen that needs them (web/src/app/store.ts, ADR 0021).
 */
export const useStore = create<AppState>()(() => ({}) as AppState)

/** A slice's creator, reading and writing the whole state. */
export type SliceCreator<Slice> = StateCreator<AppState, [], [], Slice>

/** Adds slices to the store: each creator's state and actions, bound to the store. */
export function addSlices(...creators: readonly StateCreator<AppState, [], [], object>[]): void {
  const { setState, getState } = useStore
  const added = creators.map((create) => create(setState, getState, useStore))
  setState(Object.assign({}, ...added) as Partial<AppState>)
}
