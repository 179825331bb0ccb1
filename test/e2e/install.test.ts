import type { Locator, Page } from 'playwright-core'
import t from 'tap'
import { createUser, typeCode, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { SmsOutbox } from './sms-outbox.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

// Page code is written as strings: the root tsconfig that checks these tests has Node's types, not the DOM's.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

// Chromium fires `beforeinstallprompt` only for an installable site after its own engagement checks, never in a
// headless test: a synthetic event with the same two members stands in for it.
const OFFER_INSTALL = `(() => {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  event.prompt = () => { window.promptShown = true; return Promise.resolve() }
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' })
  window.dispatchEvent(event)
})()`

// display-mode cannot be emulated (page.emulateMedia knows colour scheme, reduced motion and the like, not
// display-mode), so the installed app is faked where the app asks for it: matchMedia.
const STANDALONE = `(() => {
  const matchMedia = window.matchMedia.bind(window)
  window.matchMedia = (query) => {
    const list = matchMedia(query)
    if (query === '(display-mode: standalone)') Object.defineProperty(list, 'matches', { value: true })
    return list
  }
})()`

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  if (!box) throw new Error(`${String(locator)} is not rendered`)
  return Math.round(box.height)
}

/** The install logo's file, once it has loaded. */
async function logoFile(page: Page): Promise<string> {
  await waitUntil(() => page.evaluate<boolean>('document.querySelector("img.install-page__logo")?.naturalWidth > 0'))
  return (await page.locator('img.install-page__logo').getAttribute('src')) ?? ''
}

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return !(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth'))
}

t.test('the first visit to / goes to /install once; then / stays', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { installRedirect: true })
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Welcome to Bike Help' }).waitFor()
  t.equal(page.url(), `${baseUrl}/install`)
  t.equal(await page.title(), 'Install the app – Bike Help')
  t.equal(await logoFile(page), '/install/install-logo-en.svg', 'the English install logo')
  t.ok(await page.getByText('Opens from your home screen in its own window').isVisible(), 'first info line')
  t.ok(await page.getByText('Free, with no app store needed').isVisible(), 'second info line')
  t.ok(await page.getByText('choose “Install app” or “Add to Home screen”').isVisible(), 'without a prompt, the hint')
  t.equal(await page.getByRole('button', { name: 'Install the app' }).count(), 0, 'no install button')
  t.equal(await page.locator('main ol').count(), 0, 'no iOS guide')
  const financiers = page.getByRole('region', { name: 'Partly financed by' })
  t.ok(await financiers.getByRole('img', { name: 'Regional development fund (placeholder logo)' }).isVisible())
  t.ok(await financiers.getByRole('img', { name: 'Cycling association (placeholder logo)' }).isVisible())
  const skip = page.getByRole('link', { name: 'Skip installation' })
  t.ok((await heightOf(skip)) >= 44, 'the skip link is a 44 px target')
  t.ok(await noSidewaysScroll(page), 'one column at 360 px')
  await screenshot(page, 'install-light', { fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'install-dark', { fullPage: true })

  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Bike Help', exact: true }).waitFor()
  t.equal(page.url(), `${baseUrl}/`, 'the second visit to / stays on the main screen')
  t.same(pageErrors, [])
})

/** After a login or registration: the main screen greets the user, or the install page shows (the bug). */
async function landingAfterSignIn(page: Page): Promise<string> {
  await page
    .getByText('Logged in as')
    .or(page.getByRole('heading', { level: 1, name: 'Welcome to Bike Help' }))
    .waitFor()
  return new URL(page.url()).pathname
}

t.test('a session that starts on a bookmarked /login lands on the main screen after logging in', async (t) => {
  const user: TestUser = { username: 'bookmark', phone: '040 222 0001', e164: '+358402220001', password: 'salasana1' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser, { installRedirect: true })
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  t.equal(await landingAfterSignIn(page), '/', 'the main screen, not /install')
  await page.reload()
  await page.getByText('Logged in as').waitFor()
  t.equal(new URL(page.url()).pathname, '/', 'a reload of / stays on the main screen too')
  t.same(pageErrors, [])
})

t.test('a registration that starts on /register lands on the main screen', async (t) => {
  const user: TestUser = { username: 'newcomer', phone: '040 222 0002', e164: '+358402220002', password: 'salasana2' }
  const outbox = new SmsOutbox(server.dataDir)
  const { page, pageErrors } = await openContext(t, browser, {
    installRedirect: true,
    permissions: ['geolocation'],
    geolocation: { latitude: 60.1699, longitude: 24.9384 },
  })
  await page.goto(`${baseUrl}/register`)
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username)
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(user.phone)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  const seen = outbox.count(user.e164)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { level: 2, name: 'Confirm your phone number' }).waitFor()
  await typeCode(page, (await outbox.waitForCode(user.e164, seen)).code)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { level: 2, name: 'Your help radius' }).waitFor()
  await page.getByRole('textbox', { name: 'Radius (km)', exact: true }).fill('10')
  await page.getByRole('button', { name: 'Register' }).click()
  t.equal(await landingAfterSignIn(page), '/', 'the main screen, not /install')
  t.same(pageErrors, [])
})

t.test('a request link from a notification is not sent to /install', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { installRedirect: true })
  await page.goto(`${baseUrl}/?request=1`)
  await page.getByRole('heading', { level: 1, name: 'Bike Help', exact: true }).waitFor()
  t.equal(page.url(), `${baseUrl}/?request=1`)
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Bike Help', exact: true }).waitFor()
  t.equal(page.url(), `${baseUrl}/`, 'the request link counted as the first visit')
  t.same(pageErrors, [])
})

// Its texts in Swedish and Finnish, and which logo each shows, are a component test (test/component/visitor.test.ts);
// here what needs a browser: the longest texts at 360 px, and the Swedish logo's file loading.
t.test('the install page in Swedish: the longest texts fit 360 px', async (t) => {
  const swedish = await openContext(t, browser, { locale: 'sv-SE', installRedirect: true })
  await swedish.page.goto(`${baseUrl}/`)
  await swedish.page.getByRole('heading', { level: 1, name: 'Välkommen till Cykelhjälpen' }).waitFor()
  t.equal(await logoFile(swedish.page), '/install/install-logo-sv.svg', 'the Swedish logo')
  t.ok(await noSidewaysScroll(swedish.page), 'the longest texts fit 360 px')
  await screenshot(swedish.page, 'install-sv')
  t.same(swedish.pageErrors, [])
})

t.test('on an iPhone, the four manual steps, and why: alerts need the app on the Home Screen', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { userAgent: IPHONE_UA })
  await page.goto(`${baseUrl}/install`)
  const steps = page.locator('main ol > li')
  await steps.first().waitFor()
  t.same(await steps.allInnerTexts(), [
    'Open this page in Safari.',
    'Tap the Share button (a square with an arrow pointing up).',
    'Tap “Add to Home Screen”.',
    'Tap “Add”.',
  ])
  t.equal(await page.getByText('“Install app”').count(), 0, 'no browser-menu hint')
  t.ok(
    await page
      .getByText('Alerts about people who need help reach an iPhone or iPad only through the app on the Home Screen')
      .isVisible(),
    'why: push reaches only the installed app',
  )
  await screenshot(page, 'install-ios', { fullPage: true })
  t.same(pageErrors, [])
})

t.test('the installed app goes from /install to /login, and / does not redirect', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser, { installRedirect: true })
  await context.addInitScript(STANDALONE)
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Bike Help', exact: true }).waitFor()
  t.equal(page.url(), `${baseUrl}/`, 'no detour to /install')
  await page.goto(`${baseUrl}/install`)
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
  t.equal(page.url(), `${baseUrl}/login`)
  t.equal(await page.evaluate('history.length'), 3, 'replaced, not pushed: back does not return to /install')
  t.same(pageErrors, [])
})

t.test('the browser offers to install: the button prompts, and a yes shows where the app is', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/install`)
  await page.getByText('choose “Install app”').waitFor()
  await page.evaluate(OFFER_INSTALL)
  const button = page.getByRole('button', { name: 'Install the app' })
  await button.waitFor()
  t.equal(await page.getByText('choose “Install app”').count(), 0, 'the button replaces the hint')
  t.ok((await heightOf(button)) >= 44, 'a 44 px target')
  await screenshot(page, 'install-prompt', { fullPage: true })

  await button.click()
  const status = page.getByRole('status')
  await status.getByText('The app is being installed').waitFor()
  t.equal(await page.evaluate('window.promptShown'), true, "the browser's dialog was asked for")
  t.ok(await status.getByText('You will find Bike Help on your home screen or in your list of apps.').isVisible())
  t.ok(await status.locator('svg[aria-hidden="true"]').isVisible(), 'the checkmark')
  t.equal(await button.count(), 0, 'the button is gone')
  await screenshot(page, 'install-accepted', { fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'install-accepted-dark', { fullPage: true })

  await page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
  await status.getByText('The app is installed').waitFor()
  t.pass('appinstalled: installed')
  t.same(pageErrors, [])
})
