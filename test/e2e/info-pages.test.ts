import t from 'tap'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
// Not the default address: proves the page shows the server's SUPPORT_EMAIL.
const SUPPORT_EMAIL = 'apu@example.org'
const { baseUrl } = await startServer(t, { SUPPORT_EMAIL })

// Page code is written as strings: the root tsconfig that checks these tests has Node's types, not the DOM's.

t.test('/info: the FAQ opens, the support address is copied, the privacy statement opens and closes', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  await page.goto(`${baseUrl}/info`)
  await page.getByRole('heading', { level: 1, name: 'Info and FAQ' }).waitFor()
  t.ok(await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).isVisible())

  const question = page.getByText('What does an approximate location mean?')
  const answer = page.getByText(/rounded to about one kilometre/)
  t.notOk(await answer.isVisible(), 'the answer is collapsed at first')
  const questionBox = await question.boundingBox()
  t.ok(questionBox && questionBox.height >= 44, 'the question is a 44 px target')
  await question.click()
  await answer.waitFor()
  t.ok(await answer.isVisible(), 'the answer opens')

  await page.getByRole('link', { name: SUPPORT_EMAIL }).waitFor()
  t.equal(
    await page.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href'),
    `mailto:${SUPPORT_EMAIL}`,
    'the support address is shown',
  )
  t.ok(await page.getByText('Version 2.0.2').isVisible(), 'the version label')
  await page.getByRole('button', { name: 'Copy address' }).click()
  await page.getByRole('status').getByText('Address copied').waitFor()
  t.equal(await page.evaluate('navigator.clipboard.readText()'), SUPPORT_EMAIL, 'the clipboard holds the address')
  const width = await page.evaluate('document.documentElement.scrollWidth')
  t.ok((width as number) <= 360, 'no sideways scrolling at 360 px')
  await screenshot(page, 'info-page')

  await page.getByRole('link', { name: 'Privacy statement' }).click()
  await page.getByRole('heading', { level: 1, name: 'Privacy statement' }).waitFor()
  t.equal(page.url(), `${baseUrl}/privacystatement`)
  for (const name of ['Register holder', 'Content of the register', 'Register safety']) {
    t.ok(await page.getByRole('heading', { level: 2, name }).isVisible(), name)
  }
  t.equal(await page.locator('main li').count(), 4, 'four items in the content of the register')
  t.equal(await page.locator('section:last-of-type p').count(), 4, 'four paragraphs on register safety')
  await page.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('heading', { level: 1, name: 'Info and FAQ' }).waitFor()
  t.equal(page.url(), `${baseUrl}/info`, 'close goes back')
  await page.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('heading', { level: 1, name: 'Bike Help' }).waitFor()
  t.equal(page.url(), `${baseUrl}/`, 'close on /info goes back to the main screen')
  t.same(pageErrors, [])
})

t.test('opened directly, close goes to the main screen', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/privacystatement`)
  await page.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('heading', { level: 1, name: 'Bike Help' }).waitFor()
  t.equal(page.url(), `${baseUrl}/`)
  t.same(pageErrors, [])
})

t.test('both pages in Finnish', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { locale: 'fi-FI' })
  await page.goto(`${baseUrl}/info`)
  await page.getByRole('heading', { level: 1, name: 'Tietoa ja usein kysyttyä' }).waitFor()
  t.ok(await page.getByRole('heading', { level: 2, name: 'Usein kysytyt kysymykset' }).isVisible())
  t.ok(await page.getByRole('heading', { level: 2, name: 'Lähetä kysymys' }).isVisible())
  t.ok(await page.getByRole('button', { name: 'Kopioi osoite' }).isVisible())
  t.ok(await page.getByText('Versio 2.0.2').isVisible())
  await page.getByText('Mitä likimääräinen sijainti tarkoittaa?').click()
  await screenshot(page, 'info-page-fi')
  await page.getByRole('link', { name: 'Tietosuojaseloste' }).click()
  await page.getByRole('heading', { level: 1, name: 'Tietosuojaseloste' }).waitFor()
  for (const name of ['Rekisterinpitäjä', 'Rekisterin sisältö', 'Rekisterin suojaus']) {
    t.ok(await page.getByRole('heading', { level: 2, name }).isVisible(), name)
  }
  t.ok(await page.getByText(/argon2id-tiiviste/).isVisible())
  t.ok(await page.getByRole('button', { name: 'Sulje' }).isVisible())
  await screenshot(page, 'privacy-statement-fi')
  t.same(pageErrors, [])
})
