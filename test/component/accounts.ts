import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Backend } from './backend.ts'
import type { Test } from 'tap'
import { renderApp, shown } from './render.ts'
import { waitUntil } from '../wait.ts'
import { registerThroughApi } from '../register-user.ts'

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
  const send = <T>(path: string, payload: object) => post<T>(backend, path, payload)
  await registerThroughApi(send, backend.outbox, user)
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

/** The error shown under a field: the field is marked invalid, describes itself with the text, and has focus. */
export async function expectFieldError(t: Test, field: HTMLElement, text: string): Promise<void> {
  await shown(() => screen.queryByText(text, { exact: true }))
  t.equal(field.getAttribute('aria-invalid'), 'true', `${text}: the field is marked invalid`)
  const describedBy = field.getAttribute('aria-describedby') ?? ''
  const description = describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
  t.match(description, text, `${text}: read with the field`)
  // Focus follows the message in an effect of a later render: waited for, as Playwright's focus check would.
  await waitUntil(() => document.activeElement === field)
  t.pass(`${text}: the field has focus`)
}
