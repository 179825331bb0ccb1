import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import '../features/pwa/install/install-prompt.ts'
import { noteLandingPage } from '../features/pwa/install/redirect-flag.ts'
import { linkManifestOf } from '../features/pwa/manifest-link.ts'
import { registerServiceWorker } from '../features/pwa/register.ts'
import { useStore } from '#shared/store/store.ts'
import { addShellSlices, loadAppSlices } from './store.ts'
import { preloadScreenOf } from './routes.tsx'
import { reloadIntoNewRelease, reloadOnPreloadErrors } from '../features/pwa/release-reload.ts'
import { onScreenLoadFailure, watchFailedLinks } from '#shared/load/lazy-screen.ts'
import '../styles/tokens.css'
import '../styles/base.css'
import '../styles/standalone.css'

// A screen's files that cannot be fetched say so where the screen would be; after a new release replaced them the
// page reloads into it, once (docs/pwa.md, "Never a blank page").
watchFailedLinks(document)
reloadOnPreloadErrors(window)
onScreenLoadFailure(() => void reloadIntoNewRelease())
// The address the page loaded at, before the router moves anywhere: a session that starts on /login or /register
// is never sent to /install after logging in.
noteLandingPage(window.location.pathname)
// Start fetching the catalog and checking a stored session before React's first render, so both are often
// settled by then.
addShellSlices()
void useStore.getState().startLanguage()
void useStore.getState().startSession()
const signedIn = useStore.getState().status !== 'loggedOut'
// Every screen but /install is a chunk of its own (bench/chunks.ts): the one this visit shows comes now, beside the
// shell's catalog, rather than after the first render. A failure shows where the page is rendered.
preloadScreenOf(window.location.pathname, window.location.search, signedIn)
// A stored session: the user's slices, with the live stream and the outbox, come now (store.ts), whatever the screen.
if (signedIn) loadAppSlices().catch(() => {})
linkManifestOf(useStore.getState().language)
useStore.subscribe((state, previous) => {
  if (state.language !== previous.language) linkManifestOf(state.language)
})
// The worker (offline app, updates, web push) exists only in production builds; the dev server has none.
if (import.meta.env.PROD) registerServiceWorker()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
