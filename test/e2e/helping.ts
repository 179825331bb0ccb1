/**
 * The steps the owner-and-helper browser tests share: a logged-in page listening live, a request asked for in the
 * dialog, and the helper's take-over from their list.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import type { Test } from 'tap'
import { logIn, type TestUser } from './accounts-helpers.ts'
import { eventStreamFramesSent, eventStreamReady, openContext } from './browser.ts'

/** The category every one of these tests asks for, as its card and detail are named. */
const CATEGORY = 'Bicycle maintenance'

/** Logged in where the phone says it is, with the event stream authenticated (the server's `ready` frame seen). */
export async function livePage(
  t: Test,
  browser: Browser,
  baseUrl: string,
  user: TestUser,
  geolocation: { latitude: number; longitude: number },
) {
  const opened = await openContext(t, browser, { geolocation, permissions: ['geolocation'] })
  const ready = eventStreamReady(opened.page)
  const framesSent = eventStreamFramesSent(opened.page)
  await logIn(opened.page, baseUrl, user.username, user.password)
  await ready
  return { ...opened, framesSent }
}

/** Asks for help with the bike at the phone's exact location; resolves once the dialog has closed (sent). */
export async function askForHelp(page: Page, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: CATEGORY }).check()
  await form.getByLabel('Description').fill(description)
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
}

/** The helper opens the request as it arrives live in their list and takes it over; answers its open detail. */
export async function takeOver(page: Page): Promise<Locator> {
  const row = page.getByRole('button', { name: new RegExp(CATEGORY) })
  await row.waitFor()
  await row.click()
  const detail = page.getByRole('dialog', { name: CATEGORY })
  await detail.getByRole('button', { name: 'I’m working on it' }).click()
  return detail
}

export async function atLeastTouchSize(t: Test, target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox()
  t.ok(box && box.height >= 44 && box.width >= 44, `${what} is at least 44 × 44 px (${box?.width} × ${box?.height})`)
}

/**
 * Every radio and checkbox in `scope` is drawn as the app's choice row (a 24 px control in a row of at least
 * 44 × 44 px), not as the browser's bare 13 px control: the styles came with the screen, whatever was opened before.
 */
export async function expectStyledChoices(t: Test, scope: Locator, what: string): Promise<void> {
  const controls = scope.locator('input[type="radio"], input[type="checkbox"]')
  const count = await controls.count()
  t.ok(count > 0, `${what}: has choices`)
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index)
    const box = await control.boundingBox()
    t.ok(
      box && box.width >= 24 && box.height >= 24,
      `${what}: choice ${index + 1} is ${box?.width} × ${box?.height} px`,
    )
    await atLeastTouchSize(t, control.locator('xpath=ancestor::label[1]'), `${what}: row of choice ${index + 1}`)
  }
}
