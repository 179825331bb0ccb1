import type { Locator } from 'playwright-core'
import t from 'tap'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const { baseUrl } = await startServer(t)

// Code that runs in the page is written as an expression in a string: the root tsconfig, which checks these
// tests, has Node's types and not the DOM's.

/** The element's rendered size, to check touch targets against the 44 px minimum. */
async function sizeOf(locator: Locator): Promise<{ width: number; height: number }> {
  const box = await locator.boundingBox()
  if (!box) throw new Error(`${String(locator)} is not rendered`)
  return { width: Math.round(box.width), height: Math.round(box.height) }
}

t.test('the main screen is in English for an English browser', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)

  const heading = page.getByRole('heading', { level: 1, name: 'Bike Help' })
  await heading.waitFor()
  const banner = page.getByRole('img', { name: 'Bike Help' })
  t.ok(await banner.isVisible(), 'banner image with the app name as alt text')
  await waitUntil(() => page.evaluate<boolean>('document.querySelector("img.banner")?.naturalWidth > 0'))
  t.pass('banner image loaded')
  const settings = page.getByRole('button', { name: 'Settings' })
  t.ok(await settings.isVisible(), 'settings button')
  const size = await sizeOf(settings)
  t.ok(size.width >= 44 && size.height >= 44, `settings button is a 44 px touch target (${size.width}x${size.height})`)
  t.ok(await page.getByRole('combobox', { name: 'Category' }).isVisible(), 'a visitor starts on the service map')
  t.equal(await page.locator('html').getAttribute('lang'), 'en')
  t.equal(await page.title(), 'Bike Help')
  await screenshot(page, 'main-light')

  await page.keyboard.press('Tab')
  t.equal(await settings.and(page.locator(':focus')).count(), 1, 'the settings button is the first Tab stop')
  const ring = await page.evaluate('getComputedStyle(document.activeElement).outlineColor')
  t.equal(ring, 'rgb(255, 212, 59)', 'its focus ring is yellow, visible on the dark top bar')
  const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')
  t.notOk(overflow, 'nothing overflows a 360 px screen sideways')
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('the main screen in dark mode', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { colorScheme: 'dark' })
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Bike Help' }).waitFor()
  const background = await page.evaluate('getComputedStyle(document.body).backgroundColor')
  t.equal(background, 'rgb(13, 17, 23)', 'dark background from the tokens')
  await screenshot(page, 'main-dark')
  t.same(pageErrors, [])
})

t.test('a Finnish browser gets Finnish', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { locale: 'fi-FI' })
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1, name: 'Pyöräapu' }).waitFor()
  t.ok(await page.getByRole('button', { name: 'Asetukset' }).isVisible(), 'settings button in Finnish')
  t.equal(await page.locator('html').getAttribute('lang'), 'fi')
  t.same(pageErrors, [])
})

t.test('the settings modal switches the language, and the choice survives a reload', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)
  const openButton = page.getByRole('button', { name: 'Settings' })
  await openButton.click()

  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.waitFor()
  t.equal(await dialog.locator(':focus').count(), 1, 'focus moves into the dialog')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  t.equal(await openButton.and(page.locator(':focus')).count(), 1, 'Esc closes, focus returns to the button')

  await openButton.click()
  const languageToggle = dialog.getByRole('button', { name: /^Language/ })
  t.equal(await languageToggle.getAttribute('aria-expanded'), 'false', 'sections start closed')
  await languageToggle.click()
  t.equal(await languageToggle.getAttribute('aria-expanded'), 'true')
  t.ok(await dialog.getByRole('radio', { name: /^English/ }).isChecked(), 'current language checked')
  await screenshot(page, 'settings')

  await dialog.getByRole('radio', { name: /^Svenska/ }).check()
  const swedishDialog = page.getByRole('dialog', { name: 'Inställningar' })
  await swedishDialog.waitFor()
  t.ok(await swedishDialog.getByRole('radio', { name: /^Svenska/ }).isChecked(), 'Swedish checked')
  await screenshot(page, 'settings-swedish')
  await swedishDialog.getByRole('button', { name: 'Stäng' }).click()
  await swedishDialog.waitFor({ state: 'hidden' })
  await page.getByRole('heading', { level: 1, name: 'Cykelhjälpen' }).waitFor()
  t.ok(await page.getByRole('button', { name: 'Inställningar' }).isVisible(), 'top bar in Swedish')
  const bannerWidth = (await sizeOf(page.getByRole('img', { name: 'Cykelhjälpen' }))).width
  t.ok(bannerWidth >= 190, `the longest label leaves the wordmark its full width (${bannerWidth} px)`)
  t.equal(await page.locator('html').getAttribute('lang'), 'sv')
  t.equal(await page.evaluate("localStorage.getItem('language')"), 'swedish', 'saved under the SPEC key')

  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Cykelhjälpen' }).waitFor()
  t.ok(await page.getByRole('button', { name: 'Inställningar' }).isVisible(), 'still Swedish after a reload')
  t.same(pageErrors, [])
})

t.test('the settings modal in dark mode', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { colorScheme: 'dark', locale: 'fi-FI' })
  await page.goto(`${baseUrl}/`)
  await page.getByRole('button', { name: 'Asetukset' }).click()
  await page.getByRole('button', { name: /^Kieli/ }).click()
  // From the section toggle, Tab lands on the checked radio: the keyboard focus ring must show on dark.
  await page.keyboard.press('Tab')
  await screenshot(page, 'settings-dark')
  t.same(pageErrors, [])
})

t.test('offline and scrolled at 390 px, the banner stacks above the top bar and never covers Settings', async (t) => {
  const viewport = { width: 390, height: 844 }
  const { context, page } = await openContext(t, browser, { viewport })
  await page.goto(`${baseUrl}/`)
  const settings = page.getByRole('button', { name: 'Settings' })
  await settings.waitFor()
  await context.setOffline(true)
  const banner = page.locator('.offline-banner')
  await banner.getByText('You are offline').waitFor()
  // A page long enough to scroll far, as a long request list makes it: a tall block at the end of the page's content
  // (where a list grows; sticky elements stay within their parent, so padding below the page would not do), then
  // scrolled down. Checked and done again until the page stands scrolled: React may render that part of the page
  // again as the offline notices appear and drop the block, and a scroll made before that is undone with it.
  const scrolledFar = `(() => {
    const parent = document.querySelector('.top-bar').parentElement
    if (!parent.querySelector(':scope > .test-long-page')) {
      const block = document.createElement('div')
      block.className = 'test-long-page'
      block.style.height = '3000px'
      parent.append(block)
    }
    window.scrollTo(0, 1200)
    return window.scrollY >= 1200
  })()`

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await waitUntil(() => page.evaluate<boolean>(scrolledFar))
    const bannerBox = await banner.boundingBox()
    const settingsBox = await settings.boundingBox()
    if (!bannerBox || !settingsBox) throw new Error('the banner or Settings is not rendered')
    t.ok(Math.abs(bannerBox.y) < 1, `${colorScheme}: the banner sticks at the top (y ${bannerBox.y})`)
    const overlap =
      bannerBox.x < settingsBox.x + settingsBox.width &&
      settingsBox.x < bannerBox.x + bannerBox.width &&
      bannerBox.y < settingsBox.y + settingsBox.height &&
      settingsBox.y < bannerBox.y + bannerBox.height
    t.notOk(
      overlap,
      `${colorScheme}: the banner and Settings do not overlap (${JSON.stringify({ bannerBox, settingsBox })})`,
    )
    t.ok(settingsBox.y + settingsBox.height <= viewport.height, `${colorScheme}: Settings stays in view`)
    // What a tap at Settings' centre reaches: the button itself, nothing drawn over it.
    const centre = { x: settingsBox.x + settingsBox.width / 2, y: settingsBox.y + settingsBox.height / 2 }
    const reached = await page.evaluate<string | undefined>(
      `document.elementFromPoint(${centre.x}, ${centre.y})?.closest('button')?.getAttribute('aria-label') ?? document.elementFromPoint(${centre.x}, ${centre.y})?.closest('button')?.textContent`,
    )
    t.match(reached, /Settings/, `${colorScheme}: a tap at its centre reaches Settings`)
    await screenshot(page, `offline-scrolled-390-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // Online again: the banner goes, and the top bar sticks at the very top once more.
  await context.setOffline(false)
  await banner.waitFor({ state: 'hidden' })
  await waitUntil(async () => (await settings.boundingBox())!.y < 20)
  t.pass('the top bar is back at the top')
})
