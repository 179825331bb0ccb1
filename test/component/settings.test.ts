import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import t, { type Test } from 'tap'
import { startBackend } from './backend.ts'
import { registerUser, renderLoggedIn } from './accounts.ts'
import { shown } from './render.ts'

// The settings of a logged-in user against the real server: the sections, one open at a time, the links, and the
// notification preferences' rules and saving. The layout at 360 px (touch targets), the screenshots and what a
// reload reads back stay in Chromium (test/e2e/settings.test.ts).

const backend = await startBackend(t)
const account = { username: 'Asetukset', phone: '040 555 0001', password: 'polkupyora' }
await registerUser(backend, account)

async function openSettings(person: UserEvent): Promise<HTMLElement> {
  await person.click(screen.getByRole('button', { name: 'Settings' }))
  return shown(() => screen.queryByRole('dialog', { name: 'Settings' }))
}

/** Opens every section in turn: each opening closes the one before, and a second tap closes it again. */
async function expectOneSectionAtATime(t: Test, person: UserEvent, settings: HTMLElement) {
  const toggles = [...settings.querySelectorAll<HTMLElement>('.settings-section__toggle')]
  const expanded = () => settings.querySelectorAll('.settings-section__toggle[aria-expanded="true"]')
  const panels = () => settings.querySelectorAll('.settings-section__panel:not([hidden])')
  t.equal(expanded().length, 0, 'every section starts closed')
  for (const [index, toggle] of toggles.entries()) {
    await person.click(toggle)
    t.equal(toggle.getAttribute('aria-expanded'), 'true', `section ${index + 1} opens`)
    t.equal(expanded().length, 1, `section ${index + 1}: only it is open`)
    t.equal(panels().length, 1, `section ${index + 1}: only its panel shows`)
    t.equal(panels()[0]?.id, toggle.getAttribute('aria-controls'), 'the panel is its own')
  }
  await person.click(toggles.at(-1)!)
  t.equal(expanded().length, 0, 'a second tap closes the open section')
}

// From test/e2e/settings.test.ts ("a logged-in user: account, radius and location, notifications...").
t.test(
  'a logged-in user: account, radius and location, notifications, abilities, blocked people, map, language, info',
  async (t) => {
    const { user: person, pageErrors } = await renderLoggedIn(t, backend, account)
    const settings = await openSettings(person)
    const titles = [...settings.querySelectorAll('.settings-section__title')].map((title) => title.textContent)
    t.same(
      titles,
      ['Account', 'Radius and location', 'Notifications', 'What I can help with', 'Blocked people', 'Map', 'Language'],
      'sections in the contract order, with What I can help with (docs/product.md#abilities), Blocked people ' +
        '(docs/safety.md) and Map (docs/pwa.md, "The kept map") before the language',
    )
    await expectOneSectionAtATime(t, person, settings)
    t.ok(within(settings).getByRole('button', { name: 'Log out' }), 'log out')
    t.equal(within(settings).queryByRole('link', { name: 'Log in' }), null, 'no login link')

    const info = within(settings).getByRole('link', { name: 'Info and FAQ' })
    t.equal(info.getAttribute('href'), '/info')
    await person.click(info)
    await shown(() => screen.queryByRole('heading', { level: 1, name: 'Info and FAQ' }))
    t.equal(screen.queryByRole('dialog'), null, 'the settings close on leaving for /info')
    t.same(pageErrors, [])
  },
)

// From test/e2e/settings.test.ts ("notifications: quiet hours and the hourly cap are saved...").
t.test('notifications: quiet hours and the hourly cap, their rule, and what the server stores', async (t) => {
  const { user: person, pageErrors } = await renderLoggedIn(t, backend, account)
  const settings = await openSettings(person)
  await person.click(within(settings).getByRole('button', { name: /^Notifications/ }))
  const quiet = within(settings).getByRole<HTMLInputElement>('checkbox', { name: 'Use quiet hours' })
  const cap = within(settings).getByLabelText<HTMLSelectElement>('Alerts about new requests', { exact: true })
  const save = within(settings).getByRole('button', { name: 'Save' })

  t.notOk(quiet.checked, 'no quiet hours at first')
  t.equal(within(settings).queryByLabelText('From', { exact: true }), null, 'no times while quiet hours are off')
  t.equal(cap.value, '6', 'at most 6 an hour by default')
  t.same(
    [...cap.options].map((option) => option.textContent),
    [1, 2, 3, 4, 6, 10, 15, 20, 30].map((n) => `At most ${n} an hour`),
  )

  await person.click(quiet)
  const from = within(settings).getByLabelText<HTMLInputElement>('From', { exact: true })
  const until = within(settings).getByLabelText<HTMLInputElement>('Until', { exact: true })
  t.equal(from.value, '22:00', 'switched on, the night is suggested')
  t.equal(until.value, '07:00')
  await person.clear(until)
  await person.type(until, '22:00')
  await person.click(save)
  const error = await shown(() => within(settings).queryByText('Quiet hours must start and end at different times'))
  t.equal(error.closest('[role="alert"]')?.getAttribute('role'), 'alert', 'said in an alert region')

  await person.clear(from)
  await person.type(from, '23:30')
  await person.clear(until)
  await person.type(until, '06:15')
  await person.selectOptions(cap, '3')
  await person.click(save)
  await shown(() => within(settings).queryByText('Notification settings saved'))
  t.equal(
    within(settings).queryByText('Quiet hours must start and end at different times'),
    null,
    'the earlier error is gone',
  )
  const stored = await backend.app.sql<{ quiet_start: string; quiet_end: string; hourly_alert_cap: number }[]>`
    select quiet_start::text, quiet_end::text, hourly_alert_cap from users where user_name = ${account.username}`
  t.same(stored, [{ quiet_start: '23:30:00', quiet_end: '06:15:00', hourly_alert_cap: 3 }], 'stored for the account')
  t.same(pageErrors, [])
})
