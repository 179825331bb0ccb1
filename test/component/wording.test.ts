import { screen, within } from '@testing-library/react'
import t from 'tap'
import { registerUser } from './accounts.ts'
import { startBackend } from './backend.ts'
import { renderApp, shown } from './render.ts'

// The language fixes as a Finnish and a Swedish user see them in a request's detail, against the real server:
// "juuri nyt" (not the bare "nyt" of Intl), "Apu saatu", and the Swedish förfrågan words. The completed detail goes
// through axe in light and dark in test/e2e/accessibility.test.ts ("request detail, own, completed").

const backend = await startBackend(t)
const aino = { username: 'Aino', phone: '040 333 0001', password: 'polkupyora' }
const stina = { username: 'Stina', phone: '040 333 0002', password: 'polkupyora' }
for (const user of [aino, stina]) await registerUser(backend, user)

// Each user asks in another category: a request without location reaches everyone, so each sees the other's too.
const TEXTS = {
  fi: {
    language: 'finnish',
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
    language: 'swedish',
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

for (const [language, account] of [
  ['fi', aino],
  ['sv', stina],
] as const) {
  const texts = TEXTS[language]
  t.test(`a new request's detail reads right in ${language}`, async (t) => {
    const { user: person, pageErrors } = await renderApp(t, '/login', texts.language, { backend })
    await person.type(await shown(() => screen.queryByRole('textbox', { name: texts.identifier })), account.username)
    await person.type(screen.getByLabelText(texts.password, { exact: true }), account.password)
    await person.click(screen.getByRole('button', { name: texts.logIn }))
    await shown(() => screen.queryByText(new RegExp(texts.loggedIn)))

    await person.click(screen.getByRole('button', { name: texts.ask }))
    const form = await shown(() => screen.queryByRole('dialog', { name: texts.ask }))
    await person.click(within(form).getByRole('radio', { name: texts.category }))
    await person.type(within(form).getByLabelText(texts.description), 'Ketju katkesi')
    const approximate = within(form).queryByRole('radio', { name: texts.approximate })
    if (approximate) await person.click(approximate)
    await person.click(within(form).getByRole('button', { name: texts.send }))
    await shown(() => (screen.queryByRole('dialog', { name: texts.ask }) ? null : true))

    const card = await shown(() => screen.queryByRole('button', { name: new RegExp(texts.category) }))
    await person.click(card)
    const detail = await shown(() => screen.queryByRole('dialog', { name: texts.category }))
    await shown(() => within(detail).queryByText(texts.askedBy, { exact: true }))
    t.equal(detail.querySelector('time')?.textContent, texts.justNow, 'under a minute is "just now"')

    await person.click(within(detail).getByRole('button', { name: texts.markReady }))
    const ready = await shown(() => screen.queryByRole('dialog', { name: texts.readyTitle }))
    await person.click(within(ready).getByRole('radio', { name: texts.yes }))
    await person.click(within(ready).getByRole('button', { name: texts.markReady }))
    // Within a longer line, as a person reads it ("Apu saatu · ...").
    await shown(() => within(detail).queryAllByText(new RegExp(texts.gotHelp))[0] ?? null)
    t.pass(`completed with "${texts.gotHelp}"`)
    t.same(pageErrors, [])
  })
}
