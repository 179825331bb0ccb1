import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Backend } from './backend.ts'
import type { Test } from 'tap'
import { renderApp, shown } from './render.ts'

export interface ComponentUser {
  username: string
  /** As typed on the register form. */
  phone: string
  password: string
}

async function post<T>(backend: Backend, url: string, payload: object): Promise<T> {
  const answer = await backend.app.inject({ method: 'POST', url, payload })
  if (answer.statusCode >= 400) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`)
  return answer.json<T>()
}

/** A user made through the API (the code read from the SMS outbox), for tests that start from an existing account. */
export async function registerUser(backend: Backend, user: ComponentUser): Promise<void> {
  const e164 = `+358${user.phone.replace(/\D/g, '').replace(/^0/, '')}`
  const seen = backend.outbox.count(e164)
  await post(backend, '/api/phone-verification/send', { phone: user.phone, purpose: 'register' })
  const { code } = await backend.outbox.waitForCode(e164, seen)
  const { idToken } = await post<{ idToken: string }>(backend, '/api/phone-verification/verify', {
    phone: user.phone,
    code,
  })
  await post(backend, '/api/user/register', {
    user_name: user.username,
    phone: user.phone,
    password: user.password,
    radius: '10',
    latitude: null,
    longitude: null,
    idToken,
  })
}

/** Renders the app at /login as a fresh profile, logs in and waits for the main screen to greet the user. */
export async function renderLoggedIn(
  t: Test,
  backend: Backend,
  { username, password }: ComponentUser,
): Promise<Awaited<ReturnType<typeof renderApp>>> {
  const rendered = await renderApp(t, '/login', 'english', { backend })
  await logIn(rendered.user, username, password)
  return rendered
}

/** Logs in on the login screen and waits for the main screen to greet the user. */
export async function logIn(person: UserEvent, identifier: string, password: string): Promise<void> {
  await shown(() => screen.queryByRole('heading', { level: 1, name: 'Log in' }))
  await person.type(screen.getByRole('textbox', { name: 'Username or phone number' }), identifier)
  await person.type(screen.getByLabelText('Password', { exact: true }), password)
  await person.click(screen.getByRole('button', { name: 'Log in' }))
  await shown(() => screen.queryByText(/Logged in as/))
}
