import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { withPublicOrigin } from '../../server/push/declarative.ts'
import { pushPayload, standDownPayload } from '../../server/push/texts.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { push: true })
const server = await startServer(t)
const { baseUrl } = server

// Code that runs in the page is written as strings: the root tsconfig, which checks these tests, has no DOM types.

/** Resolves once the worker is active and has claimed the page (it claims open windows on activation). */
const CONTROLLED = `navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
  ? navigator.serviceWorker.controller.scriptURL
  : new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange',
      () => resolve(navigator.serviceWorker.controller.scriptURL))))`

/**
 * Resolves once the active worker has finished activating. A page is controlled (clients.claim) while activation
 * still runs (warming the public API cache), and a push that DevTools delivers in that state is dropped.
 */
const ACTIVATED = `navigator.serviceWorker.ready.then((registration) => registration.active.state === 'activated'
  || new Promise((resolve) => registration.active.addEventListener('statechange',
      (event) => event.target.state === 'activated' && resolve(true))))`

const NOTIFICATIONS = `navigator.serviceWorker.ready
  .then((registration) => registration.getNotifications())
  .then((shown) => shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data, icon: n.icon,
    silent: n.silent, lang: n.lang })))`

interface Shown {
  title: string
  body: string
  tag: string
  data: { url: string }
  icon: string
  silent: boolean | null
  lang: string
}

/**
 * Waits in the page until the shown notifications satisfy `match` (a JS expression over `shown`) and returns them
 * from that same poll, or undefined after `ms`: headless Chromium may close a notification again soon after, so the
 * polling stays in the page, every 10 ms, with no round trip to Node in between.
 */
async function notificationsWhen(page: Page, match: string, ms: number): Promise<Shown[] | undefined> {
  return page.evaluate<Shown[] | undefined>(`(async () => {
    const until = Date.now() + ${ms}
    for (;;) {
      const shown = await ${NOTIFICATIONS}
      if (${match}) return shown
      if (Date.now() > until) return undefined
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()`)
}

/** How long a delivery may go unshown before it is delivered again: a redelivery, never a failure. */
const REDELIVER_AFTER_MS = 5000

/**
 * Delivers a push through DevTools until the page shows what `match` expects. DevTools drops a delivery now and
 * then on a loaded machine (about 1 run in 10 of the full suite, also when the worker is long active), which a real
 * push service would retry; so does this, every REDELIVER_AFTER_MS without the notification, for as long as the test
 * runs (docs/testing.md: a slow machine redelivers more, it does not fail). The payload carries a tag, so a second
 * delivery replaces the notification instead of adding one. Each redelivery is noted in the test's output.
 */
async function pushUntilShown(t: Test, page: Page, deliver: () => Promise<unknown>, match: string): Promise<Shown[]> {
  for (let attempt = 1; ; attempt++) {
    await deliver()
    const shown = await notificationsWhen(page, match, REDELIVER_AFTER_MS)
    if (shown) return shown
    t.comment(`no notification matched ${match} after delivery ${attempt}: delivering again`)
  }
}

t.test('the worker at /service-worker.js shows a declarative push; its stand-down replaces it by tag', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser, { permissions: ['notifications'] })
  const cdp = await context.newCDPSession(page)
  const registrations = new Map<string, string>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { registrationId, scopeURL, isDeleted } of updated) {
      if (!isDeleted) registrations.set(scopeURL, registrationId)
    }
  })
  await cdp.send('ServiceWorker.enable')

  await page.goto(`${baseUrl}/`)
  const scriptUrl = await page.evaluate<string>(CONTROLLED)
  t.equal(scriptUrl, `${baseUrl}/service-worker.js`, 'the page is controlled by /service-worker.js')
  await page.evaluate(ACTIVATED)
  const registrationId = registrations.get(`${baseUrl}/`)
  t.ok(registrationId, 'DevTools reports the registration for the app scope')

  // The payloads exactly as the server's worker sends them: declarative messages, navigate on the public origin.
  const request = { request_id: 42, category: 'bicycle_maintenance' as const, description: 'Flat tyre by the bridge' }
  const sent = (payload: string) => withPublicOrigin(payload, baseUrl)
  const deliver = (payload: string) => () =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: registrationId!, data: payload })
  const alert = sent(pushPayload('created', 'english', request, 'Olli'))
  t.match(JSON.parse(alert), { web_push: 8030, notification: { navigate: `${baseUrl}/?request=42` } })
  const [shown] = await pushUntilShown(t, page, deliver(alert), 'shown.length === 1')
  t.match(shown, {
    title: 'Someone nearby needs help',
    body: 'Bicycle maintenance: Flat tyre by the bridge',
    tag: 'request-42',
    lang: 'en',
    silent: false,
    data: { url: '/?request=42' },
    icon: `${baseUrl}/favicon.svg`,
  })

  // The stand-down carries the alert's tag: it replaces the alert instead of adding a second notification.
  const standDown = sent(standDownPayload('helping', 'english', request))
  const [replaced] = await pushUntilShown(
    t,
    page,
    deliver(standDown),
    "shown.length === 1 && shown[0].title === 'Someone is already helping'",
  )
  t.match(replaced, { tag: 'request-42', silent: true, data: { url: '/?request=42' } }, 'silently, under the same tag')
  t.pass('the stand-down replaced the alert')
  t.same(pageErrors, [], 'no errors in the page')
})

const user: TestUser = { username: 'Nelli', phone: '040 444 0001', e164: '+358404440001', password: 'polkupyora' }
await createUser(server, user)

t.test('the notifications section: a browser without the Push API is told so, with nothing to press', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.addInitScript('delete window.PushManager')
  await logIn(page, baseUrl, user.username, user.password)
  const dialog = await openSettingsSection(page, /^Notifications/)
  await dialog.getByText('Notifications: Not supported by this browser').waitFor()
  t.equal(await dialog.getByRole('button', { name: /Turn notifications/ }).count(), 0, 'no button that cannot work')
  t.same(pageErrors, [])
})

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

t.test(
  'the notifications section: on an iPhone in Safari, push is said to need the app on the Home Screen',
  async (t) => {
    // Safari in a tab on iOS has no Push API at all; the installed app has (iOS 16.4+).
    const { page, pageErrors } = await openContext(t, browser, { userAgent: IPHONE_UA })
    await page.addInitScript('delete window.PushManager')
    await logIn(page, baseUrl, user.username, user.password)
    const dialog = await openSettingsSection(page, /^Notifications/)
    await dialog.getByText('Notifications: Only in the app on the Home Screen').waitFor()
    t.ok(
      await dialog
        .getByText('On iPhone and iPad, notifications work only in the app added to the Home Screen.')
        .isVisible(),
      'and how to get there',
    )
    t.equal(await dialog.getByText('Not supported by this browser').count(), 0, 'not "unsupported": it works installed')
    t.equal(await dialog.getByRole('button', { name: /Turn notifications/ }).count(), 0, 'no button that cannot work')
    await dialog.getByText('turn notifications on here').scrollIntoViewIfNeeded()
    await screenshot(page, 'settings-notifications-ios')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'settings-notifications-ios-dark')
    t.same(pageErrors, [])
  },
)

t.test(
  'the notifications section: the installed app on an old iPhone without push is told it is unsupported',
  async (t) => {
    const { page, pageErrors } = await openContext(t, browser, { userAgent: IPHONE_UA })
    await page.addInitScript('delete window.PushManager; navigator.standalone = true')
    await logIn(page, baseUrl, user.username, user.password)
    const dialog = await openSettingsSection(page, /^Notifications/)
    await dialog.getByText('Notifications: Not supported by this browser').waitFor()
    t.equal(await dialog.getByText('Home Screen').count(), 0, 'already on the Home Screen: nothing about it')
    t.same(pageErrors, [])
  },
)

t.test('the notifications section: blocked notifications are shown with the way to allow them', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const dialog = await openSettingsSection(page, /^Notifications/)
  await dialog.getByText('Notifications: Off').waitFor()
  await dialog.getByRole('button', { name: 'Turn notifications on' }).click()
  await dialog.getByText('Notifications: Blocked in the browser settings').waitFor()
  t.ok(await dialog.getByText('allow them for this site in your browser settings').isVisible())
  await screenshot(page, 'settings-notifications-denied')
  t.same(pageErrors, [])
})

t.test('the notifications section: a failed subscription shows a short failure and logs the error', async (t) => {
  // Permission granted, but subscribe() fails: Chromium refuses push in incognito profiles, which test contexts
  // are (and a persistent profile has no push service to reach here: subscribe() never settles, see the timeout).
  const { page, pageErrors } = await openContext(t, browser, { permissions: ['notifications'] })
  await logIn(page, baseUrl, user.username, user.password)
  const dialog = await openSettingsSection(page, /^Notifications/)
  await dialog.getByText('Notifications: Off').waitFor()
  await dialog.getByRole('button', { name: 'Turn notifications on' }).click()
  await dialog.getByRole('alert').getByText('Changing notifications failed. Please try again.').waitFor()
  t.ok(await dialog.getByText('Notifications: Off').isVisible(), 'still off')
  await screenshot(page, 'settings-notifications-failed')
  t.match(
    pageErrors.filter((text) => !text.includes('does not support the Push API in incognito')),
    [/Changing push notifications failed/],
    'the cause is in the console',
  )
})
