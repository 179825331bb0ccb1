import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import t from 'tap'
import type { Language } from '../../web/src/shared/i18n/language.ts'
import { expectFieldError, registerUser } from './accounts.ts'
import { startBackend } from './backend.ts'
import { renderApp, shown } from './render.ts'

// The errors the server answers (a taken name, a number it refuses, a wrong code or password, an unknown phone),
// shown as a person reads them in each language, against the real server. The forms' own rules, which the browser
// answers without a call, are in test/component/account-rules.test.ts; the forms at 360 px through axe in
// test/e2e/accessibility.test.ts.

const backend = await startBackend(t)

/** What a person reads on screen in each language (the catalogs' texts, not the code's keys). */
interface Texts {
  language: Language
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
    language: 'english',
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
    language: 'finnish',
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
    language: 'swedish',
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

const TAKEN = { username: 'Varattu', phone: '040 999 0001', password: 'varattu-salasana' }
await registerUser(backend, TAKEN)

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name })

async function fillDetails(
  person: UserEvent,
  texts: Texts,
  details: { username: string; phone: string; password: string },
) {
  for (const [field, value] of [
    [textbox(texts.username), details.username],
    [textbox(texts.phone), details.phone],
    [screen.getByLabelText<HTMLInputElement>(texts.password, { exact: true }), details.password],
  ] as const) {
    await person.clear(field)
    await person.type(field, value)
  }
  await person.click(screen.getByRole('button', { name: texts.next }))
}

for (const [language, texts] of Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, Texts][]) {
  t.test(
    `${language}: registration errors the server answers (taken username, invalid phone, wrong code)`,
    async (t) => {
      const { user: person, pageErrors } = await renderApp(t, '/register', texts.language, { backend })
      await shown(() => screen.queryByRole('textbox', { name: texts.username }))

      await fillDetails(person, texts, { username: 'VARATTU', phone: '040 123 4567', password: 'tarpeeksi-pitka' })
      await expectFieldError(t, textbox(texts.username), texts.usernameexists)

      // A number of digits that is not a Finnish one is the server's to refuse (letters are the browser's).
      await fillDetails(person, texts, { username: `Uusi_${language}`, phone: '12345', password: 'tarpeeksi-pitka' })
      await expectFieldError(t, textbox(texts.phone), texts.invalidphone)

      const [typed, e164] = FREE_PHONES[language]
      const seen = backend.outbox.count(e164)
      await fillDetails(person, texts, { username: `Uusi_${language}`, phone: typed, password: 'tarpeeksi-pitka' })
      await shown(() => screen.queryByRole('heading', { level: 2, name: texts.codeStep }))
      const { code } = await backend.outbox.waitForCode(e164, seen)
      const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10))
      await person.click(textbox(texts.digit1))
      await person.keyboard(wrong)
      await person.click(screen.getByRole('button', { name: texts.next }))
      await shown(() => screen.queryByText(texts.invalidcode, { exact: true }))
      t.equal(textbox(texts.digit1).getAttribute('aria-invalid'), 'true', 'the code boxes are marked invalid')
      t.same(pageErrors, [], 'no errors in the page')
    },
  )

  t.test(`${language}: a wrong password on the login form`, async (t) => {
    const { user: person, pageErrors } = await renderApp(t, '/login', texts.language, { backend })
    const identifier = await shown(() => screen.queryByRole('textbox', { name: texts.identifier }))
    await person.type(identifier, TAKEN.username)
    await person.type(screen.getByLabelText(texts.password, { exact: true }), 'wrong-password')
    await person.click(screen.getByRole('button', { name: texts.logIn }))
    const error = await shown(() => screen.queryByText(texts.invalidUnameorPass))
    t.ok(error.closest('[role="alert"]'), 'a wrong password is an alert about the whole form')
    t.same(pageErrors, [], 'no errors in the page')
  })

  t.test(`${language}: an unknown phone on the reset form`, async (t) => {
    const { user: person, pageErrors } = await renderApp(t, '/resetpassword', texts.language, { backend })
    const phone = await shown(() => screen.queryByRole('textbox', { name: texts.phone }))
    await person.type(phone, '040 765 4321')
    await person.click(screen.getByRole('button', { name: texts.next }))
    await expectFieldError(t, textbox(texts.phone), texts.phonenumbernotfound)
    t.same(pageErrors, [], 'no errors in the page')
  })
}
