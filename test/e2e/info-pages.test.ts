import t from 'tap'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
// Not the default address: proves the page shows the server's SUPPORT_EMAIL.
const SUPPORT_EMAIL = 'apu@example.org'
const { baseUrl } = await startServer(t, { SUPPORT_EMAIL })

// Both pages' Finnish texts are a component test (test/component/info-pages.test.ts); here what needs a browser:
// the clipboard, 44 px targets, no sideways scrolling at 360 px, contrast (axe) and the screenshots.
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
  for (const name of ['Register holder', 'Content of the register', 'Who sees phone numbers', 'Register safety']) {
    t.ok(await page.getByRole('heading', { level: 2, name }).isVisible(), name)
  }
  const section = (heading: string) => page.getByRole('region', { name: heading })
  t.equal(await section('Content of the register').locator('li').count(), 9, 'nine items in the register')
  t.equal(await section('Who sees phone numbers').locator('li').count(), 7, 'seven rules on phone numbers')
  t.equal(await section('Messages').locator('li').count(), 3, 'three rules on messages')
  t.equal(await section('Thanks and helped counts').locator('li').count(), 2, 'two rules on thanks and counts')
  t.equal(
    await section('Shared locations').locator('li').count(),
    3,
    'three rules on shared locations: the live position, how long it is kept, the helper’s distance at a take-over',
  )
  await section('Shared locations').getByText('whole kilometres from the helper’s last reported location').waitFor()
  t.equal(await section('Register safety').locator('p').count(), 3, 'three paragraphs on register safety')
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

/**
 * The statement says what the server does (test/server/requests/phone-privacy.test.ts): the list carries no
 * numbers, the detail shows the owner's only to the helper, admins and users within reach, the rest see the
 * detail's "shown to helpers nearby" line, completed requests none, and the device copy goes on logout.
 */
const PHONE_RULES = [
  {
    locale: 'en-US',
    heading: 'Who sees phone numbers',
    sentences: [
      'The request list and live updates never carry phone numbers, except between the two people of a request',
      'to users nearby: those who have the request within their chosen radius and at most 30 km from their location',
      'You get at most 20 such numbers a day; after that a request says: “You have seen today’s maximum of phone numbers. Try again tomorrow.”',
      'see instead: “The phone number is shown to helpers nearby.”',
      'Then only the helper who took your request over gets your number',
      'The helper’s number is shown only to the requester and to the administrators.',
      'Completed requests show no phone numbers to anyone in the app.',
      'They are deleted from the device when you log out or delete your account.',
    ],
  },
  {
    locale: 'fi-FI',
    heading: 'Kuka näkee puhelinnumerot',
    sentences: [
      'Pyyntölista ja reaaliaikaiset päivitykset eivät koskaan sisällä puhelinnumeroita',
      'joiden sijainnista pyyntö on heidän valitsemansa säteen sisällä ja enintään 30 kilometrin päässä',
      'Saat näin enintään 20 numeroa päivässä; sen jälkeen pyynnössä lukee: ”Olet nähnyt tänään jo enimmäismäärän puhelinnumeroita. Yritä huomenna uudelleen.”',
      'näkevät sen sijaan tekstin ”Puhelinnumero näytetään lähellä oleville auttajille.”',
      'Silloin numerosi saa vain pyyntösi ottanut auttaja',
      'Auttajan numero näytetään vain pyytäjälle ja ylläpitäjille.',
      'Valmiiksi merkityissä pyynnöissä ei näytetä puhelinnumeroita kenellekään sovelluksessa.',
      'Ne poistetaan laitteelta, kun kirjaudut ulos tai poistat käyttäjätilisi.',
    ],
  },
  {
    locale: 'sv-SE',
    heading: 'Vem ser telefonnumren',
    sentences: [
      'Förfrågningslistan och liveuppdateringarna innehåller aldrig telefonnummer',
      'för användare i närheten: de som har förfrågan inom den radie de har valt och högst 30 km från sin plats',
      'Du får högst 20 sådana nummer per dag; därefter står det i förfrågan: ”Du har redan sett dagens högsta antal telefonnummer. Försök igen i morgon.”',
      'ser i stället ”Telefonnumret visas för hjälpare i närheten.”',
      'Då får bara den hjälpare som tagit din förfrågan ditt nummer',
      'Hjälparens nummer visas bara för den som bad om hjälp och för administratörerna.',
      'Klara förfrågningar visar inga telefonnummer för någon i appen.',
      'De raderas från enheten när du loggar ut eller raderar ditt konto.',
    ],
  },
] as const

for (const { locale, heading, sentences } of PHONE_RULES) {
  t.test(`the privacy statement says who sees phone numbers (${locale})`, async (t) => {
    const { page, pageErrors } = await openContext(t, browser, { locale })
    await page.goto(`${baseUrl}/privacystatement`)
    const rules = page.getByRole('region', { name: heading })
    await rules.waitFor()
    for (const sentence of sentences) t.ok(await rules.getByText(sentence).isVisible(), sentence)
    const oldPromise = /request in progress|työn alla olevan|förfrågan under arbete/
    t.equal(await page.getByText(oldPromise).count(), 0, 'the old, untrue promise is gone')
    const width = await page.evaluate('document.documentElement.scrollWidth')
    t.ok((width as number) <= 360, 'no sideways scrolling at 360 px')
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await screenshot(page, `privacy-phones-${locale}-${colorScheme}`, { fullPage: true })
      // The layout is the same in every language: contrast and structure are checked once, in both schemes.
      if (locale === 'en-US') await expectNoSeriousViolations(t, page, `privacy statement, ${colorScheme}`)
    }
    t.same(pageErrors, [])
  })
}
