import { cleanup, render } from '@testing-library/react'
import { userEvent, type UserEvent } from '@testing-library/user-event'
import { createElement } from 'react'
import type { Test } from 'tap'
import { App } from '../../web/src/app/App.tsx'
import { addShellSlices } from '../../web/src/app/store.ts'
import { INSTALL_REDIRECT_KEY } from '../../web/src/features/pwa/install/install-redirect.ts'
import { useStore } from '../../web/src/shared/store/store.ts'
import { waitUntil } from '../wait.ts'
import { fetchFrom, webSocketTo, type Backend } from './backend.ts'
import type { ClientConfig } from '../../web/src/shared/api/types.ts'
import type { Language } from '../../web/src/shared/i18n/language.ts'

// The store as main.tsx starts it: the shell's slices now, the rest with the first lazy screen.
addShellSlices()

/** What GET /api/config answers here: a local server's settings (phone codes checked by the server itself). */
const CLIENT_CONFIG: ClientConfig = {
  phoneVerification: 'local',
  firebase: null,
  map: {
    kind: 'raster',
    tileUrl: 'http://127.0.0.1/tiles/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    maxZoom: null,
  },
  vapidPublicKey: '',
  supportEmail: 'support@example.org',
  phoneReach: { km: 5, perDay: 10 },
  moderationRecordDays: 365,
}

/**
 * The calls the app sent without a server: GET /api/config is answered as a server would and every other call is
 * refused and recorded. A rule the browser checks shows its message without a call. With a backend (renderApp's
 * `backend`), the real server answers every call instead, and the event stream connects to it.
 */
export const sentCalls: string[] = []
/**
 * What a test lets the "server" answer without a backend, by method and path (`GET /api/requests/7/progress`): a
 * function giving the JSON body (and status, 200 unless said). A call with no answer here is refused and recorded.
 */
export const answers = new Map<string, () => { body: unknown; status?: number }>()
const withoutServer: typeof fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input)
  const path = new URL(url, location.href).pathname
  if (path === '/api/config') return Promise.resolve(Response.json(CLIENT_CONFIG))
  const answer = answers.get(`${init?.method ?? 'GET'} ${path}`)
  if (answer) {
    const { body, status = 200 } = answer()
    return Promise.resolve(Response.json(body, { status }))
  }
  sentCalls.push(url)
  return Promise.reject(new TypeError('no server in a component test'))
}
globalThis.fetch = withoutServer

/**
 * What `query` finds once it finds it: a lazy screen comes with its texts a moment after the render.
 * (Testing Library's own `findBy` gives up after a second; test/wait.ts has no deadline of its own.)
 */
export async function shown<T>(query: () => T | null): Promise<T> {
  await waitUntil(() => query() !== null)
  return query()!
}

/**
 * Renders the whole app (its store, routes and Lingui catalogs, as main.tsx does, without the event stream and the
 * service worker) at `path` in `language`, as a visitor who is not logged in. Removed when the test ends.
 * `pageErrors` collects what the app logs with console.error meanwhile. As openContext does in the browser tests, the
 * session counts as past its one-time redirect from / to /install, unless `installRedirect`.
 */
export async function renderApp(
  t: Test,
  path: string,
  language: Language,
  { installRedirect = false, backend }: { installRedirect?: boolean; backend?: Backend } = {},
): Promise<{ user: UserEvent; pageErrors: string[] }> {
  globalThis.fetch = backend ? fetchFrom(backend) : withoutServer
  if (backend) globalThis.WebSocket = webSocketTo(backend)
  // What the app logs as an error, as a browser test collects the page's console errors (openContext).
  const pageErrors: string[] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => pageErrors.push(args.map(String).join(' '))
  t.teardown(() => {
    console.error = consoleError
  })
  if (installRedirect) sessionStorage.removeItem(INSTALL_REDIRECT_KEY)
  else sessionStorage.setItem(INSTALL_REDIRECT_KEY, '1')
  window.history.replaceState(null, '', path)
  await useStore.getState().setLanguage(language)
  const user = userEvent.setup({ document })
  render(createElement(App))
  t.teardown(() => {
    cleanup()
    localStorage.clear()
    // With a server, each test is a fresh profile, as a browser test's new context: the session ends here (its event
    // stream stops rather than reconnecting to a server that closes with the file) and its cookies go.
    if (backend && useStore.getState().status === 'loggedIn') useStore.getState().endSession()
    backend?.cookies.clear()
  })
  return { user, pageErrors }
}
