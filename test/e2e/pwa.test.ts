import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import t from 'tap'
import { tempDir } from '../helper.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import {
  checkPrerequisites,
  launchBrowser,
  openContext,
  PHONE_VIEWPORT,
  screenshot,
  skipInstallRedirect,
  startServer,
  waitForOfflineReady,
} from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()
// A copy of the build, so one test can deploy a "new version" of it without touching web/dist.
const distDir = tempDir(t, 'pyoraapu-dist-')
cpSync(fileURLToPath(new URL('../../web/dist/', import.meta.url)), distDir, { recursive: true })
const browser = await launchBrowser(t, { serviceWorker: true })
const { baseUrl, restart } = await startServer(t, { WEB_DIST_DIR: distDir })

// Page code is written as strings: the root tsconfig that checks these tests has Node's types, not the DOM's.

/** Resolves once the service worker controls the page and has its precache filled (it activates after that). */
/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

t.test('the manifests: one per language, installable shape, real icons', async (t) => {
  const names = {
    'manifest.webmanifest': 'Bike Help',
    'manifest-fi.webmanifest': 'Pyöräapu',
    'manifest-sv.webmanifest': 'Cykelhjälpen',
  }
  for (const [file, name] of Object.entries(names)) {
    const response = await fetch(`${baseUrl}/${file}`)
    t.equal(response.status, 200, file)
    t.match(response.headers.get('content-type'), /^application\/manifest\+json/, `${file} content type`)
    t.equal(response.headers.get('cache-control'), 'no-cache', `${file} is revalidated`)
    const manifest = (await response.json()) as Record<string, unknown>
    t.match(
      manifest,
      { id: '/', name, short_name: name, start_url: '/', scope: '/', display: 'standalone', theme_color: '#0b3a68' },
      file,
    )
  }

  const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>
  }
  t.same(
    manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`),
    ['192x192 any', '512x512 any', '512x512 maskable'],
  )
  for (const icon of manifest.icons) {
    const response = await fetch(`${baseUrl}${icon.src}`)
    t.equal(response.headers.get('content-type'), 'image/png', icon.src)
    const [width, height] = icon.sizes.split('x').map(Number)
    t.same(pngSize(Buffer.from(await response.arrayBuffer())), { width, height }, `${icon.src} is ${icon.sizes}`)
  }
})

t.test('Chromium finds the app installable, and the manifest link follows the language', async (t) => {
  // Installability is not reported in incognito profiles, which normal contexts are: use a persistent one.
  const context = await chromium.launchPersistentContext(tempDir(t, 'pyoraapu-profile-'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: PHONE_VIEWPORT,
    locale: 'en-US',
  })
  t.teardown(() => context.close())
  await skipInstallRedirect(context)
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(`${baseUrl}/`)
  await waitForOfflineReady(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[]
  }
  t.same(installabilityErrors, [], 'no installability errors')

  t.equal(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest.webmanifest', 'English by default')
  await page.evaluate(`localStorage.setItem('language', 'finnish')`)
  await page.reload()
  await waitUntil(() =>
    page.evaluate<boolean>(
      `document.querySelector('link[rel="manifest"]').getAttribute('href') === '/manifest-fi.webmanifest'`,
    ),
  )
  t.pass('the Finnish manifest after choosing Finnish')
})

t.test('offline: the app, its pages and the map code open, and calls say the device is offline', async (t) => {
  const { context, page } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)
  await page.getByRole('tab', { name: 'Service map' }).waitFor()
  await waitForOfflineReady(page)

  await context.setOffline(true)
  await page.reload()
  await page
    .getByText(
      'You are offline. Saved screens still work. What you write is kept on your phone and sent by itself when there is signal.',
    )
    .waitFor()
  t.pass('the app shell opens offline and says so')
  await page.locator('.ol-viewport').first().waitFor()
  t.pass('the service map code loads from the cache')
  await screenshot(page, 'offline-main')

  await page.goto(`${baseUrl}/info`)
  await page.getByRole('heading', { level: 1, name: 'Info and FAQ' }).waitFor()
  t.pass('/info opens offline')
  await page.getByRole('link', { name: 'support@pyoraapu.fi' }).waitFor()
  t.pass('with the support address the worker kept from /api/config')

  await page.goto(`${baseUrl}/login`)
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('salasana')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('You are offline. Check your internet connection and try again.').waitFor()
  t.pass('a call made offline says so, not a generic error')
  await screenshot(page, 'offline-login')

  await page.evaluate(`localStorage.setItem('language', 'swedish')`)
  await page.reload()
  await page
    .getByText(
      'Du är offline. Sparade vyer fungerar. Det du skriver sparas i telefonen och skickas av sig självt när du har täckning igen.',
    )
    .waitFor()
  t.pass('in the user’s language')

  await context.setOffline(false)
  await page.getByRole('status').filter({ hasText: 'Du är offline' }).waitFor({ state: 'hidden' })
  t.pass('the offline notice goes when the network is back')
})

t.test('a new deployment is offered as a reload, and the reload brings it in', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)
  await waitForOfflineReady(page)
  const firstWorker = await page.evaluate<string>('navigator.serviceWorker.controller.scriptURL')
  t.equal(await page.getByText('A new version of the app is available.').count(), 0, 'nothing to offer yet')

  // "Deploy": the worker's bytes change, as they do whenever a build changes any precached file, and the server
  // restarts with the new build (it holds the files in memory from its start).
  const workerFile = join(distDir, 'service-worker.js')
  writeFileSync(workerFile, `${readFileSync(workerFile, 'utf8')}\n// next release\n`)
  // A real build writes the compressed copies along with the file (scripts/precompress.ts): the old ones would
  // still be served as the worker, so they go, and the server makes new ones as it starts.
  for (const copy of ['br', 'gz']) rmSync(`${workerFile}.${copy}`, { force: true })
  await restart()
  await page.evaluate('navigator.serviceWorker.getRegistration().then((registration) => registration.update())')

  const prompt = page.getByRole('region', { name: 'A new version of the app is available.' })
  await prompt.waitFor()
  await screenshot(page, 'update-prompt')
  const reload = prompt.getByRole('button', { name: 'Reload' })
  const box = await reload.boundingBox()
  t.ok(box && box.height >= 44, 'a 44 px button')
  await Promise.all([page.waitForEvent('load'), reload.click()])
  await page.getByRole('tab', { name: 'Service map' }).waitFor()
  t.equal(
    await page.getByText('A new version of the app is available.').count(),
    0,
    'the new version runs: nothing to offer',
  )
  t.equal(
    await page.evaluate<string>('navigator.serviceWorker.controller.scriptURL'),
    firstWorker,
    'same worker address',
  )
  const waiting = await page.evaluate<boolean>(
    'navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)',
  )
  t.equal(waiting, false, 'no worker left waiting')
  t.same(pageErrors, [])
})
