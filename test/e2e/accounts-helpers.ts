import type { Page } from 'playwright-core'
import type { TestServer } from './browser.ts'
import { screenshot } from './browser.ts'
import { SmsOutbox, type OutboxMessage } from './sms-outbox.ts'
import { registerThroughApi } from '../register-user.ts'

export interface TestUser {
  username: string
  /** As typed on the register form. */
  phone: string
  /** E.164, as the server stores it and the outbox addresses it. */
  e164: string
  password: string
}

async function post<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as T & { message?: string }
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${answer.message}`)
  return answer
}

/** A user made through the API (code from the outbox), for scenarios that start from an existing account. */
export async function createUser(server: TestServer, user: TestUser): Promise<void> {
  const send = <T>(path: string, body: object) => post<T>(server.baseUrl, path, body)
  await registerThroughApi(send, new SmsOutbox(server.dataDir), user)
}

/**
 * Step 1 of the wizards that send a code to an account (reset, login with a code): types the number as given, saves
 * a screenshot, asks for the code and answers the SMS it brought, once step 2 shows.
 */
export async function askForCode(
  page: Page,
  outbox: SmsOutbox,
  e164: string,
  typed: string,
  shot: string,
): Promise<OutboxMessage> {
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(typed)
  await screenshot(page, shot)
  const seen = outbox.count(e164)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { level: 2, name: 'Confirm your phone number' }).waitFor()
  return outbox.waitForCode(e164, seen)
}

/** Types the six digits into the code boxes the way a person does: into the first box, auto-advancing. */
export async function typeCode(page: Page, code: string, digitLabel = (n: number) => `Digit ${n} of 6`): Promise<void> {
  await page.getByRole('textbox', { name: digitLabel(1), exact: true }).click()
  await page.keyboard.type(code)
}

/** Logs in on /login and waits for the main screen to greet the user. */
export async function logIn(page: Page, baseUrl: string, identifier: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Logged in as').waitFor()
}

/** Opens the settings modal and one of its sections; returns the dialog. */
export async function openSettingsSection(page: Page, section: RegExp) {
  await page.getByRole('button', { name: 'Settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: section }).click()
  return dialog
}
