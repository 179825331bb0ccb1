import { renderApp, shown } from './render.ts'
import { screen, within } from '@testing-library/react'
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

// From test/e2e/stats-page.test.ts ("the privacy statement says the figures are aggregates").
t.test('the privacy statement says the public figures are aggregates', async (t) => {
  const { pageErrors } = await renderApp(t, '/privacystatement', 'english')
  const section = await shown(() => screen.queryByRole('region', { name: 'Public figures' }))
  t.ok(
    within(section).queryByText(/hold no names, places or other data about any one person/),
    'no data about any one person',
  )
  t.ok(within(section).queryByText(/a figure drawn from fewer than 10 requests is not shown/), 'no small figures')
  t.same(pageErrors, [], 'no errors in the page')
})

// From test/e2e/safety-card.test.ts ("the info page says the same"); the card itself, before a first request or
// take-over, stays there.
t.test('the info page has the safety points, for visitors too', async (t) => {
  const { pageErrors } = await renderApp(t, '/info', 'english')
  await shown(() => screen.queryByRole('heading', { name: 'Before you meet' }))
  t.ok(screen.queryByText(/Never share codes or payment details/), 'the safety points')
  t.same(pageErrors, [], 'no errors in the page')
})
