import { renderApp, sentCalls, shown } from './render.ts'
import { screen, within } from '@testing-library/react'
import t, { type Test } from 'tap'

// What a visitor (not logged in) finds on the main screen, in the settings, on the install page and on a page that
// does not exist: links, sections and texts, which need no server and no real browser. The layout at 360 px, axe
// and the screenshots stay in Chromium (test/e2e/accessibility.test.ts checks these screens with axe, and
// test/e2e/install.test.ts the install page's width in Swedish and its logo loading).

/**
 * The main screen's service map and its list need a canvas and the server, neither of which is here: what they log
 * is left out. Everything else the app logs as an error still fails the test.
 */
const ownErrors = (pageErrors: string[]) =>
  pageErrors.filter((error) => !/The map failed|MapErrorBoundary|Fetching the services failed/.test(error))

const visitorNotice = () => screen.queryByText(/You are using the app as a visitor/)

async function openSettings(t: Test, user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Settings' }))
  const settings = await shown(() => screen.queryByRole('dialog', { name: 'Settings' }))
  t.ok(settings, 'the settings open')
  return settings
}

// From test/e2e/accounts.test.ts ("a visitor: a login link on the main screen and in the settings, and Continue
// without logging in") and test/e2e/settings.test.ts ("a visitor: language, info and a login link").
t.test(
  'a visitor: a login link on the main screen and in the settings, the map and the language, and back',
  async (t) => {
    const { user, pageErrors } = await renderApp(t, '/', 'english')
    await shown(visitorNotice)
    t.equal(screen.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login', 'the main screen links to it')
    const settings = await openSettings(t, user)
    const titles = [...settings.querySelectorAll('.settings-section__title')].map((title) => title.textContent)
    t.same(titles, ['Map', 'Language'], 'a visitor has the kept map (docs/pwa.md) and the language: no account section')

    // One section at a time: the language opens and closes again.
    const toggle = within(settings).getByRole('button', { name: /^Language/ })
    t.equal(toggle.getAttribute('aria-expanded'), 'false', 'the section starts closed')
    await user.click(toggle)
    t.equal(toggle.getAttribute('aria-expanded'), 'true', 'it opens')
    const panels = () => settings.querySelectorAll('.settings-section__panel:not([hidden])')
    t.equal(panels().length, 1, 'its panel shows')
    t.equal(panels()[0]?.id, toggle.getAttribute('aria-controls'), 'the panel is its own')
    await user.click(toggle)
    t.equal(toggle.getAttribute('aria-expanded'), 'false', 'a second tap closes it')
    t.equal(panels().length, 0, 'and its panel')

    t.equal(within(settings).getByRole('link', { name: 'Info and FAQ' }).getAttribute('href'), '/info')
    t.equal(within(settings).queryByRole('button', { name: 'Log out' }), null, 'no log out')
    const login = within(settings).getByRole('link', { name: 'Log in' })
    t.equal(login.getAttribute('href'), '/login')
    await user.click(login)
    await shown(() => screen.queryByRole('heading', { level: 1, name: 'Log in' }))
    t.equal(location.pathname, '/login', 'the settings link leads to /login')
    t.equal(screen.queryByRole('dialog', { name: 'Settings' }), null, 'the settings close on leaving')

    await user.click(screen.getByRole('link', { name: 'Continue without logging in' }))
    await shown(visitorNotice)
    t.equal(location.pathname, '/', 'Continue without logging in goes back to the main screen')
    t.same(ownErrors(pageErrors), [], 'no errors in the page')
  },
)

// From test/e2e/request-cards.test.ts ("a visitor sees one log-in prompt on the requests tab"); its axe check of the
// tab is test/e2e/accessibility.test.ts's "main, visitor, requests tab locked".
t.test('a visitor sees one log-in prompt on the requests tab', async (t) => {
  const { user, pageErrors } = await renderApp(t, '/', 'english')
  await shown(() => screen.queryByRole('tab', { name: 'Service map' }))
  await shown(visitorNotice)
  t.equal(screen.getAllByRole('link', { name: 'Log in' }).length, 1, 'the visitor notice on the map tab')
  await user.click(screen.getByRole('tab', { name: /^Requests/ }))
  await shown(() => screen.queryByRole('heading', { name: 'Log in to see help requests' }))
  t.equal(screen.getAllByRole('link', { name: 'Log in' }).length, 1, 'one prompt, not two')
  t.equal(screen.queryByRole('checkbox', { name: 'Show all requests' }), null, 'no show-all box, which does nothing')
  t.same(ownErrors(pageErrors), [], 'no errors in the page')
})

// From the former Chromium file of the wording fixes; the request's detail in Finnish and Swedish is in
// test/component/wording.test.ts.
t.test('the Finnish service map says Luokka, like the request form', async (t) => {
  const { user, pageErrors } = await renderApp(t, '/', 'finnish')
  await user.click(await shown(() => screen.queryByRole('tab', { name: 'Palvelukartta' })))
  const filter = await shown(() => screen.queryByLabelText('Luokka'))
  t.equal(
    within(filter).getAllByRole('option', { name: 'Kaikki luokat' }).length,
    1,
    'the filter offers "Kaikki luokat"',
  )
  t.equal(screen.queryAllByText(/kategori/i).length, 0, 'no "kategoria" anywhere')
  t.same(ownErrors(pageErrors), [], 'no errors in the page')
})

// From test/e2e/shell.test.ts ("an unknown path shows the not-found page, whose link leads back to the main screen").
t.test('an unknown path shows the not-found page, whose link leads back to the main screen', async (t) => {
  const { user, pageErrors } = await renderApp(t, '/no/such/page', 'english')
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Not found' }))
  t.ok(screen.queryByText(/the page does not exist, or the request was not found/), 'SPEC notfound text')
  await user.click(screen.getByRole('link', { name: 'Back to the main screen' }))
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Bike Help' }))
  t.equal(location.pathname, '/')
  t.ok(screen.queryByRole('button', { name: 'Settings' }), 'main screen shown')
  t.same(ownErrors(pageErrors), [], 'no errors in the page')
})

// From test/e2e/install.test.ts ("the skip link goes to /login").
t.test('the first visit to / shows the install page, whose skip link goes to /login', async (t) => {
  const { user, pageErrors } = await renderApp(t, '/', 'english', { installRedirect: true })
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Welcome to Bike Help' }))
  t.equal(location.pathname, '/install')
  await user.click(screen.getByRole('link', { name: 'Skip installation' }))
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Log in' }))
  t.equal(location.pathname, '/login')
  t.same(pageErrors, [], 'no errors in the page')
})

// From test/e2e/install.test.ts ("the install page in Swedish and in Finnish"): its texts and which logo it shows.
// Whether the Swedish texts fit 360 px, and that a logo file loads, stay there.
t.test('the install page in Swedish and in Finnish', async (t) => {
  await t.test('Swedish', async (t) => {
    const { pageErrors } = await renderApp(t, '/install', 'swedish')
    await shown(() => screen.queryByRole('heading', { level: 1, name: 'Välkommen till Cykelhjälpen' }))
    const logo = document.querySelector('img.install-page__logo')
    t.equal(logo?.getAttribute('src'), '/install/install-logo-sv.svg', 'the Swedish logo')
    t.ok(screen.queryByRole('heading', { level: 2, name: 'Så installerar du' }))
    t.ok(screen.queryByText(/”Lägg till på startskärmen”/), 'the hint in Swedish')
    t.ok(screen.queryByRole('heading', { level: 2, name: 'Delvis finansierad av' }))
    t.ok(screen.queryByRole('link', { name: 'Hoppa över installationen' }))
    t.same(pageErrors, [], 'no errors in the page')
  })
  await t.test('Finnish', async (t) => {
    const { pageErrors } = await renderApp(t, '/install', 'finnish')
    await shown(() => screen.queryByRole('heading', { level: 1, name: 'Tervetuloa Pyöräapuun' }))
    const logo = document.querySelector('img.install-page__logo')
    t.equal(logo?.getAttribute('src'), '/install/install-logo-fi.svg', 'the Finnish logo')
    t.ok(screen.queryByRole('heading', { level: 2, name: 'Näin asennat' }))
    t.ok(screen.queryByRole('link', { name: 'Ohita asennus' }))
    t.ok(screen.queryByRole('img', { name: 'Pyöräilyjärjestö (väliaikainen logo)' }))
    t.same(pageErrors, [], 'no errors in the page')
  })
})

t.test('none of this needed a call but the configuration', async (t) => {
  // Every call but GET /api/config is refused and recorded; the service map's list asks for the services.
  t.same(
    sentCalls.filter((url) => !new URL(url, location.href).pathname.startsWith('/api/services')),
    [],
    'no other call',
  )
})
