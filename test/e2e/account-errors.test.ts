import type { Locator, Page } from 'playwright-core'
import type { Test } from 'tap'
import t from 'tap'
import { createUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { SmsOutbox } from './sms-outbox.ts'

// The errors the server answers, shown as a person reads them in each language. The forms' own rules, which the
// browser answers without a call (empty fields, a short password, letters in a phone number), are component tests:
// test/component/account-rules.test.ts.
checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const outbox = new SmsOutbox(server.dataDir)

/** What a person reads on screen in each language (the catalogs' texts, not the code's keys). */
interface Texts {
  locale: string
  username: string
  phone: string
  password: string
  next: string
  digit1: string
  codeStep: string
  identifier: string
  logIn: string
  usernameexists: string
  invalidphone: string
  invalidcode: string
  invalidUnameorPass: string
  phonenumbernotfound: string
}

const LANGUAGES: Record<'en' | 'fi' | 'sv', Texts> = {
  en: {
    locale: 'en-GB',
    username: 'Username',
    phone: 'Phone number',
    password: 'Password',
    next: 'Next',
    digit1: 'Digit 1 of 6',
    codeStep: 'Confirm your phone number',
    identifier: 'Username or phone number',
    logIn: 'Log in',
    usernameexists: 'Username already exists',
    invalidphone: 'Invalid phone number',
    invalidcode: 'Invalid code',
    invalidUnameorPass: 'Invalid username or password',
    phonenumbernotfound: 'No user found with this phone number',
  },
  fi: {
    locale: 'fi-FI',
    username: 'Käyttäjänimi',
    phone: 'Puhelinnumero',
    password: 'Salasana',
    next: 'Seuraava',
    digit1: 'Numero 1/6',
    codeStep: 'Vahvista puhelinnumerosi',
    identifier: 'Käyttäjänimi tai puhelinnumero',
    logIn: 'Kirjaudu sisään',
    usernameexists: 'Käyttäjänimi on jo käytössä',
    invalidphone: 'Virheellinen puhelinnumero',
    invalidcode: 'Virheellinen koodi',
    invalidUnameorPass: 'Väärä käyttäjänimi tai salasana',
    phonenumbernotfound: 'Tällä puhelinnumerolla ei löytynyt käyttäjää',
  },
  sv: {
    locale: 'sv-FI',
    username: 'Användarnamn',
    phone: 'Telefonnummer',
    password: 'Lösenord',
    next: 'Nästa',
    digit1: 'Siffra 1 av 6',
    codeStep: 'Bekräfta ditt telefonnummer',
    identifier: 'Användarnamn eller telefonnummer',
    logIn: 'Logga in',
    usernameexists: 'Användarnamnet är redan upptaget',
    invalidphone: 'Ogiltigt telefonnummer',
    invalidcode: 'Ogiltig kod',
    invalidUnameorPass: 'Fel användarnamn eller lösenord',
    phonenumbernotfound: 'Ingen användare hittades med det här telefonnumret',
  },
}

/** A free number for each language's wrong-code case (each phone has its own send limit). */
const FREE_PHONES = {
  en: ['050 444 0001', '+358504440001'],
  fi: ['050 444 0002', '+358504440002'],
  sv: ['050 444 0003', '+358504440003'],
} as const

const TAKEN = { username: 'Varattu', phone: '040 999 0001', e164: '+358409990001', password: 'varattu-salasana' }
await createUser(server, TAKEN)

async function fillDetails(page: Page, texts: Texts, details: { username: string; phone: string; password: string }) {
  await page.getByRole('textbox', { name: texts.username, exact: true }).fill(details.username)
  await page.getByRole('textbox', { name: texts.phone, exact: true }).fill(details.phone)
  await page.getByLabel(texts.password, { exact: true }).fill(details.password)
  await page.getByRole('button', { name: texts.next }).click()
}

/** The error shown under a field: the field is marked invalid, describes itself with the text, and has focus. */
async function expectFieldError(t: Test, page: Page, field: Locator, text: string) {
  await page.getByText(text, { exact: true }).waitFor()
  t.equal(await field.getAttribute('aria-invalid'), 'true', `${text}: the field is marked invalid`)
  const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
  const description = await page.evaluate<string>(
    `${JSON.stringify(describedBy)}.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')`,
  )
  t.match(description, text, `${text}: read with the field`)
  t.equal(await field.and(page.locator(':focus')).count(), 1, `${text}: the field has focus`)
}

for (const [language, texts] of Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, Texts][]) {
  t.test(
    `${language}: registration errors the server answers (taken username, invalid phone, wrong code)`,
    async (t) => {
      const { page, pageErrors } = await openContext(t, browser, { locale: texts.locale })
      await page.goto(`${baseUrl}/register`)
      const username = page.getByRole('textbox', { name: texts.username, exact: true })
      const phone = page.getByRole('textbox', { name: texts.phone, exact: true })

      await fillDetails(page, texts, { username: 'VARATTU', phone: '040 123 4567', password: 'tarpeeksi-pitka' })
      await expectFieldError(t, page, username, texts.usernameexists)
      await screenshot(page, `register-error-username-${language}`)

      // A number of digits that is not a Finnish one is the server's to refuse (letters are the browser's).
      await fillDetails(page, texts, { username: `Uusi_${language}`, phone: '12345', password: 'tarpeeksi-pitka' })
      await expectFieldError(t, page, phone, texts.invalidphone)
      await screenshot(page, `register-error-phone-${language}`)

      const [typed, e164] = FREE_PHONES[language]
      const seen = outbox.count(e164)
      await fillDetails(page, texts, { username: `Uusi_${language}`, phone: typed, password: 'tarpeeksi-pitka' })
      await page.getByRole('heading', { level: 2, name: texts.codeStep }).waitFor()
      const { code } = await outbox.waitForCode(e164, seen)
      const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10))
      await page.getByRole('textbox', { name: texts.digit1, exact: true }).click()
      await page.keyboard.type(wrong)
      await page.getByRole('button', { name: texts.next }).click()
      await page.getByText(texts.invalidcode, { exact: true }).waitFor()
      t.equal(
        await page.getByRole('textbox', { name: texts.digit1, exact: true }).getAttribute('aria-invalid'),
        'true',
        'the code boxes are marked invalid',
      )
      await screenshot(page, `register-error-code-${language}`)
      t.same(pageErrors, [], 'no errors in the page')
    },
  )

  t.test(`${language}: login and reset errors the server answers`, async (t) => {
    const { page, pageErrors } = await openContext(t, browser, { locale: texts.locale })
    await page.goto(`${baseUrl}/login`)
    const login = page.getByRole('button', { name: texts.logIn, exact: true })
    await page.getByRole('textbox', { name: texts.identifier }).fill(TAKEN.username)
    await page.getByLabel(texts.password, { exact: true }).fill('wrong-password')
    await login.click()
    await page.getByRole('alert').getByText(texts.invalidUnameorPass).waitFor()
    t.pass('a wrong password is an alert about the whole form')
    await screenshot(page, `login-error-${language}`)

    await page.goto(`${baseUrl}/resetpassword`)
    const phone = page.getByRole('textbox', { name: texts.phone, exact: true })
    await phone.fill('040 765 4321')
    await page.getByRole('button', { name: texts.next }).click()
    await expectFieldError(t, page, phone, texts.phonenumbernotfound)
    await screenshot(page, `reset-error-${language}`)
    t.same(pageErrors, [], 'no errors in the page')
  })
}
