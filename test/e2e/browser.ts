import { existsSync, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import tap, { type Test } from 'tap'
import type { Config } from '../../server/config.ts'
import { INSTALL_REDIRECT_KEY } from '../../web/src/features/pwa/install/install-redirect.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../helper.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.ts'
import { startTileServer } from './tile-server.ts'
import { waitUntil } from '../wait.ts'

/** The built web app that the real server serves; e2e tests run against the production build. */
export const WEB_DIST_INDEX = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url))

/** Screenshots for people to look at (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url))

/**
 * Saves what a person sees (finished transitions, no caret, the same on every run) to SCREENSHOT_DIR/<name>.png;
 * `fullPage` for screens whose end lies below the first screenful.
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled', caret: 'hide' })
}

/**
 * Saves the page in the light and the dark scheme (`<name>-light.png`, `<name>-dark.png`), each checked with axe-core
 * (every rule in the light one, the colour rules in the dark one: the rest read the same markup), and leaves it light.
 */
export async function shootBoth(t: Test, page: Page, name: string, fullPage = false): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `${name}-${colorScheme}`, { fullPage })
    await expectNoSeriousViolations(t, page, `${name}, ${colorScheme}`, { colourOnly: colorScheme === 'dark' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A phone in portrait: the narrowest screen the app is designed for. */
export const PHONE_VIEWPORT = { width: 360, height: 740 }

// Headless on a server without a GPU, and no background traffic: there is no internet here.
/**
 * Fails, never skips, when the browser or the build is missing. Call it before creating anything (database,
 * server, browser), so a failed check leaves nothing behind.
 */
export function checkPrerequisites(browserPath = HEADLESS_SHELL_PATH): void {
  if (!existsSync(browserPath)) {
    throw new Error(
      `Chromium not found at ${browserPath}: install it with \`apt-get install -y chromium chromium-headless-shell\` ` +
        'or set CHROMIUM_PATH',
    )
  }
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(`${WEB_DIST_INDEX} is missing: run npm run build first`)
  }
}

/** Browsers whose pages may register the app's service worker (launchBrowser's `serviceWorker`). */
const withServiceWorker = new WeakSet<Browser>()

/** This process's browsers by kind, each launched by the first file that asks for it. */
const browsers = new Map<string, Promise<Browser>>()

async function launch(executablePath: string, serviceWorker: boolean): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  if (serviceWorker) withServiceWorker.add(browser)
  // tap's root, not the file's test: it ends when the process's last file has.
  tap.teardown(() => browser.close())
  return browser
}

/**
 * The system Chromium: its headless shell, or with `push` the full browser, which alone has web push and
 * notifications (the alerts offer after registering is shown only where push works). Its pages run without the
 * app's service worker unless `serviceWorker` (or `push`) is set: on its first load the worker precaches the whole
 * app (some 200 files, 2.9 MB), work every new context would pay for, which only the files about offline use,
 * updates, push and the worker itself need (docs/testing.md, "Where a browser file's time goes").
 *
 * The files that share a process share its browser of each kind (docs/testing.md, "Files that share a process"),
 * launched once and closed when the process's last file ends: a test's state lives in its contexts, which
 * openContext makes fresh and which are all closed when the file ends, as if the file had had a browser of its own.
 */
export async function launchBrowser(
  t: Test,
  { push = false, serviceWorker = push }: { push?: boolean; serviceWorker?: boolean } = {},
): Promise<Browser> {
  const executablePath = push ? CHROMIUM_PATH : HEADLESS_SHELL_PATH
  checkPrerequisites(executablePath)
  const kind = `${executablePath}${serviceWorker ? ' with its service worker' : ''}`
  let launched = browsers.get(kind)
  if (!launched) {
    launched = launch(executablePath, serviceWorker)
    browsers.set(kind, launched)
    // A browser that failed to start or has gone is launched again by the next file.
    launched.then(
      (browser) => browser.on('disconnected', () => browsers.delete(kind)),
      () => browsers.delete(kind),
    )
  }
  const browser = await launched
  t.teardown(() => Promise.all(browser.contexts().map((context) => context.close())))
  return browser
}

/**
 * The app registers its worker after the page has loaded (features/pwa/register.ts); here the registration never
 * settles, as if still under way, so the app goes on as it does before a worker is there: no error, no precache.
 */
const WITHOUT_SERVICE_WORKER = `if (navigator.serviceWorker) navigator.serviceWorker.register = () => new Promise(() => {})`

export interface TestServer {
  baseUrl: string
  /** The server's DATA_DIR: the SMS outbox of local phone verification is written there. */
  dataDir: string
  /** Its database, for the few facts no screen can set up (e.g. an admin flag). */
  databaseUrl: string
  /**
   * A new deployment: the server closed and started again on the same address, with the same settings. It reads
   * the built app when it starts (docs/adr/0011-static-files-from-memory.md), so a changed build shows only then.
   */
  restart: () => Promise<void>
}

/**
 * Starts the real server (the production app on a fresh database) on a free port. Every browser test comes from
 * 127.0.0.1, so the per-address limits on SMS and account calls are raised: the server tests cover the limits.
 * Without a TILE_URL, a local raster tile server is started: the service map is the visitor's first screen, and there
 * is no internet here. `TILE_URL: ''` starts none: the map draws the server's own basemap (docs/adr/0023).
 */
export async function startServer(t: Test, overrides: Partial<Config> = {}): Promise<TestServer> {
  checkPrerequisites()
  const dataDir = tempDir(t, 'pyoraapu-e2e-')
  const databaseUrl = overrides.DATABASE_URL ?? (await createTestDatabase(t))
  const tileUrl =
    overrides.TILE_URL === undefined ? (await startTileServer(t)).tileUrl : overrides.TILE_URL || undefined
  const config = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMS_PER_IP_PER_HOUR: 1000,
    ACCOUNT_REQUESTS_PER_MINUTE: 1000,
    ...overrides,
    TILE_URL: tileUrl,
  }
  let app = await buildTestApp(t, config)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const restart = async () => {
    await app.close()
    app = await buildTestApp(t, config)
    await app.listen({ host: '127.0.0.1', port })
  }
  return { baseUrl: `http://127.0.0.1:${port}`, dataDir, databaseUrl, restart }
}

/**
 * Chromium logs every 4xx answer as "Failed to load resource"; for an API call that is an expected answer (a
 * wrong password, a taken name), not an error of the page.
 */
function isExpectedApiRefusal(text: string, url: string | undefined): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && !!url?.includes('/api/')
}

/**
 * Marks every page's session as past its one-time redirect from / to /install (docs/product.md#screens-and-routes), for
 * contexts made without openContext. Runs before the app's scripts; about:blank has no storage to write, hence the try.
 */
export async function skipInstallRedirect(context: BrowserContext): Promise<void> {
  await context.addInitScript(`try { sessionStorage.setItem(${JSON.stringify(INSTALL_REDIRECT_KEY)}, '1') } catch {}`)
}

export interface ContextOptions extends BrowserContextOptions {
  /**
   * Let the session's first visit to / go to /install (docs/product.md#screens-and-routes). Off by default: the session
   * counts as past it, so a test lands on the screen it opens.
   */
  installRedirect?: boolean
}

/**
 * A fresh browser profile (own localStorage) on a phone-sized screen. Errors in the page (uncaught exceptions,
 * console errors such as CSP violations or failed loads) are collected so a test can assert there were none.
 */
export async function openContext(
  t: Test,
  browser: Browser,
  { installRedirect = false, ...options }: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, locale: 'en-US', ...options })
  t.teardown(() => context.close())
  if (!withServiceWorker.has(browser)) await context.addInitScript(WITHOUT_SERVICE_WORKER)
  if (!installRedirect) await skipInstallRedirect(context)
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedApiRefusal(message.text(), message.location().url)) return
    pageErrors.push(message.text())
  })
  return { context, page, pageErrors }
}

/** Resolves once the page's event stream is authenticated (the server's `ready` frame seen); call before it opens. */
export function eventStreamReady(page: Page): Promise<void> {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/api/events')) return
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"ready"')) resolve()
      })
    }),
  )
}

/** The frames the page sends on every event stream it opens from now on, in order, as text. */
export function eventStreamFramesSent(page: Page): string[] {
  const frames: string[] = []
  page.on('websocket', (socket) => {
    if (socket.url().endsWith('/api/events')) socket.on('framesent', ({ payload }) => frames.push(String(payload)))
  })
  return frames
}

/**
 * Waits until the service worker controls the page and has finished activating: 'activated' comes only after its
 * activate handler (taking over the page, keeping the first answers of the public API for offline use) is done, so
 * a test that goes offline next finds the support address and the tile source cached.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready')
  await waitUntil(() => page.evaluate<boolean>(`navigator.serviceWorker.controller?.state === 'activated'`))
}
