import type { Page } from 'playwright-core'
import t from 'tap'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'

checkPrerequisites()

// The language fixes as a Finnish and a Swedish user see them in a request's detail: "juuri nyt" (not the
// bare "nyt" of Intl), "Apu saatu", "Luokka" on the service map, and the Swedish förfrågan words.
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const aino: TestUser = { username: 'Aino', phone: '040 333 0001', e164: '+358403330001', password: 'polkupyora' }
const stina: TestUser = { username: 'Stina', phone: '040 333 0002', e164: '+358403330002', password: 'polkupyora' }
await Promise.all([aino, stina].map((user) => createUser(server, user)))

/** The texts of the flow, in the interface language (logIn in accounts-helpers.ts is English only). */
// Each user asks in another category: a request without location reaches everyone, so each sees the other's too.
const TEXTS = {
  fi: {
    locale: 'fi-FI',
    identifier: 'Käyttäjänimi tai puhelinnumero',
    password: 'Salasana',
    logIn: 'Kirjaudu sisään',
    loggedIn: 'Kirjautuneena',
    ask: 'Pyydä apua',
    category: 'Pyörän korjaus',
    description: 'Kuvaus',
    approximate: /Likimääräinen sijainti/,
    send: 'Lähetä pyyntö',
    askedBy: 'Pyytäjä',
    justNow: 'juuri nyt',
    markReady: 'Merkitse valmiiksi',
    readyTitle: 'Merkitäänkö pyyntö valmiiksi?',
    yes: 'Kyllä',
    gotHelp: 'Apu saatu',
  },
  sv: {
    locale: 'sv-SE',
    identifier: 'Användarnamn eller telefonnummer',
    password: 'Lösenord',
    logIn: 'Logga in',
    loggedIn: 'Inloggad som',
    ask: 'Be om hjälp',
    category: 'Mat och dryck',
    description: 'Beskrivning',
    approximate: /Ungefärlig plats/,
    send: 'Skicka förfrågan',
    askedBy: 'Från',
    justNow: 'just nu',
    markReady: 'Markera som klar',
    readyTitle: 'Markera förfrågan som klar?',
    yes: 'Ja',
    gotHelp: 'Fick hjälp',
  },
} as const

async function logIn(page: Page, texts: (typeof TEXTS)[keyof typeof TEXTS], user: TestUser) {
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('textbox', { name: texts.identifier, exact: true }).fill(user.username)
  await page.getByLabel(texts.password, { exact: true }).fill(user.password)
  await page.getByRole('button', { name: texts.logIn, exact: true }).click()
  await page.getByText(texts.loggedIn).waitFor()
}

for (const [language, user] of [
  ['fi', aino],
  ['sv', stina],
] as const) {
  const texts = TEXTS[language]
  t.test(`a new request's detail reads right in ${language}`, async (t) => {
    const { page, pageErrors } = await openContext(t, browser, { locale: texts.locale })
    await logIn(page, texts, user)
    await page.getByRole('button', { name: texts.ask }).click()
    const form = page.getByRole('dialog', { name: texts.ask })
    await form.getByRole('radio', { name: texts.category }).check()
    await form.getByLabel(texts.description).fill('Ketju katkesi')
    const approximate = form.getByRole('radio', { name: texts.approximate })
    if (await approximate.count()) await approximate.check()
    await form.getByRole('button', { name: texts.send }).click()
    await form.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: new RegExp(texts.category) }).click()
    const detail = page.getByRole('dialog', { name: texts.category })
    await detail.getByText(texts.askedBy, { exact: true }).waitFor()
    t.equal(await detail.locator('time').first().textContent(), texts.justNow, 'under a minute is "just now"')
    await screenshot(page, `wording-detail-${language}`)

    await detail.getByRole('button', { name: texts.markReady }).click()
    const ready = page.getByRole('dialog', { name: texts.readyTitle })
    await ready.getByRole('radio', { name: texts.yes }).check()
    await ready.getByRole('button', { name: texts.markReady }).click()
    await ready.waitFor({ state: 'hidden' })
    await detail.getByText(texts.gotHelp).waitFor()
    t.pass(`completed with "${texts.gotHelp}"`)
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, `wording-completed-${language}-dark`)
    await expectNoSeriousViolations(t, page, `completed request in ${language}, dark`)
    t.same(pageErrors, [])
  })
}

// The Finnish service map's "Luokka" is a component test (test/component/visitor.test.ts).
