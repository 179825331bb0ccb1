import { expectFieldError } from './accounts.ts'
import { renderApp, sentCalls, shown } from './render.ts'
import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import t from 'tap'
import { waitUntil } from '../wait.ts'

// The account forms' own rules (docs/product.md#accounts): the browser answers them before any call, so they need
// neither a server nor a real browser. What the server answers (a taken name, a wrong code or password, an unknown
// phone) is in test/component/account-errors.test.ts.

/** What a person reads on screen in each language (the catalogs' texts, not the code's keys). */
const LANGUAGES = {
  en: {
    username: 'Username',
    phone: 'Phone number',
    password: 'Password',
    next: 'Next',
    identifier: 'Username or phone number',
    logIn: 'Log in',
    passwordtooshort: 'Password must be at least 5 characters long',
    invalidphone: 'Invalid phone number',
    fillallfields: 'Please fill in all fields',
    enterphone: 'Enter your phone number',
  },
  fi: {
    username: 'Käyttäjänimi',
    phone: 'Puhelinnumero',
    password: 'Salasana',
    next: 'Seuraava',
    identifier: 'Käyttäjänimi tai puhelinnumero',
    logIn: 'Kirjaudu sisään',
    passwordtooshort: 'Salasanan on oltava vähintään 5 merkkiä pitkä',
    invalidphone: 'Virheellinen puhelinnumero',
    fillallfields: 'Täytä kaikki kentät',
    enterphone: 'Anna puhelinnumerosi',
  },
  sv: {
    username: 'Användarnamn',
    phone: 'Telefonnummer',
    password: 'Lösenord',
    next: 'Nästa',
    identifier: 'Användarnamn eller telefonnummer',
    logIn: 'Logga in',
    passwordtooshort: 'Lösenordet måste vara minst 5 tecken långt',
    invalidphone: 'Ogiltigt telefonnummer',
    fillallfields: 'Fyll i alla fält',
    enterphone: 'Ange ditt telefonnummer',
  },
} as const
type Texts = (typeof LANGUAGES)[keyof typeof LANGUAGES]

const textbox = (name: string) => screen.getByRole('textbox', { name })

/** Replaces what a field holds, as a person selecting it all and typing would. */
async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field)
  if (value) await user.type(field, value)
}

async function fillDetails(
  user: UserEvent,
  texts: Texts,
  details: { username: string; phone: string; password: string },
) {
  await fill(user, textbox(texts.username), details.username)
  await fill(user, textbox(texts.phone), details.phone)
  await fill(user, screen.getByLabelText(texts.password), details.password)
  await user.click(screen.getByRole('button', { name: texts.next }))
}

const LANGUAGE_OF = { en: 'english', fi: 'finnish', sv: 'swedish' } as const

for (const [language, texts] of Object.entries(LANGUAGES) as [keyof typeof LANGUAGES, Texts][]) {
  t.test(`${language}: registration's own rules (empty form, short password, letters in the phone)`, async (t) => {
    const { user, pageErrors } = await renderApp(t, '/register', LANGUAGE_OF[language])
    const calls = sentCalls.length

    await user.click(await shown(() => screen.queryByRole('button', { name: texts.next })))
    await waitUntil(() => screen.queryByText(texts.fillallfields) !== null)
    t.pass('empty form: fill in all fields')

    await fillDetails(user, texts, { username: `Uusi_${language}`, phone: '040 123 4567', password: '1234' })
    await expectFieldError(t, screen.getByLabelText(texts.password), texts.passwordtooshort)

    // Letters in a number are the browser's to refuse; a number of digits that is not a Finnish one ('12345') is the
    // server's, and is in test/component/account-errors.test.ts.
    await fillDetails(user, texts, { username: `Uusi_${language}`, phone: '040 123 abc', password: 'tarpeeksi-pitka' })
    await expectFieldError(t, textbox(texts.phone), texts.invalidphone)
    t.equal(
      screen.getByLabelText(texts.password).getAttribute('aria-invalid'),
      null,
      'the fixed field is no longer marked',
    )
    t.same(sentCalls.slice(calls), [], 'the browser answered every rule without a call')
    t.same(pageErrors, [], 'no errors in the page')
  })

  t.test(`${language}: login's own rule (empty fields)`, async (t) => {
    const { user } = await renderApp(t, '/login', LANGUAGE_OF[language])
    const calls = sentCalls.length
    await user.click(await shown(() => screen.queryByRole('button', { name: texts.logIn })))
    await expectFieldError(t, textbox(texts.identifier), texts.fillallfields)
    t.same(sentCalls.slice(calls), [], 'login: answered without a call')
  })

  t.test(`${language}: reset's own rule (empty phone)`, async (t) => {
    const { user } = await renderApp(t, '/resetpassword', LANGUAGE_OF[language])
    const calls = sentCalls.length
    await user.click(await shown(() => screen.queryByRole('button', { name: texts.next })))
    await expectFieldError(t, textbox(texts.phone), texts.enterphone)
    t.same(sentCalls.slice(calls), [], 'reset: answered without a call')
  })
}

// From test/e2e/accounts.test.ts ("register in three steps"), which keeps the journey through the server.
t.test('registration step 1 shows its step, an example number, the password hint and its links', async (t) => {
  const { user } = await renderApp(t, '/register', 'english')
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Register' }))
  t.ok(screen.queryByText('Step 1 of 3'), 'step indicator')
  t.equal(textbox('Phone number').getAttribute('placeholder'), '040 123 4567', 'a Finnish example number')
  t.ok(screen.queryByText('At least 5 characters'), 'password hint')
  t.equal(screen.getByRole('link', { name: 'privacy statement' }).getAttribute('href'), '/privacystatement')
  t.equal(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href'), '/login', 'back link to /login')
  const password = screen.getByLabelText('Password')
  await user.type(password, 'polkupyora')
  t.equal(password.getAttribute('type'), 'password', 'password hidden')
  await user.click(screen.getByRole('button', { name: 'Show password' }))
  t.equal(password.getAttribute('type'), 'text', 'shown after the toggle')
  t.equal(screen.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed'), 'true')
})
