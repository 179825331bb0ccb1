/**
 * The whole client state, as one type: each feature adds its slice by declaration merging (`declare module` beside
 * its slice), so this layer names no feature and a feature never imports the app that composes it
 * (docs/architecture.md, "The app's layers"; ADR 0021). Which slices exist at run time is the app's choice
 * (web/src/app/store.ts): a slice a screen reads is there before the screen's code runs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface AppState {}
