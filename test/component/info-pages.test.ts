import { renderApp, shown } from './render.ts'
import { screen } from '@testing-library/react'
import t from 'tap'

// The info page and the privacy statement in Finnish: their texts come from the catalogs, which need no real
// browser. Their layout at 360 px, contrast (axe) and screenshots stay in test/e2e/info-pages.test.ts. A DOM
// emulation lays nothing out, so "shown" here is "in the document", not "visible on screen".
t.test('both pages in Finnish', async (t) => {
  const { user, pageErrors } = await renderApp(t, '/info', 'finnish')
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Tietoa ja usein kysyttyä' }))
  t.ok(screen.queryByRole('heading', { level: 2, name: 'Usein kysytyt kysymykset' }), 'Usein kysytyt kysymykset')
  t.ok(screen.queryByRole('heading', { level: 2, name: 'Lähetä kysymys' }), 'Lähetä kysymys')
  t.ok(await shown(() => screen.queryByRole('button', { name: 'Kopioi osoite' })), 'Kopioi osoite')
  t.ok(screen.queryByText('Versio 2.0.2'), 'Versio 2.0.2')
  await user.click(screen.getByText('Mitä likimääräinen sijainti tarkoittaa?'))
  await user.click(screen.getByRole('link', { name: 'Tietosuojaseloste' }))
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Tietosuojaseloste' }))
  for (const name of ['Rekisterinpitäjä', 'Rekisterin sisältö', 'Rekisterin suojaus']) {
    t.ok(screen.queryByRole('heading', { level: 2, name }), name)
  }
  t.ok(screen.queryByText(/argon2id-tiiviste/), 'argon2id-tiiviste')
  t.ok(screen.queryByRole('button', { name: 'Sulje' }), 'Sulje')
  t.same(pageErrors, [], 'no errors in the page')
})
