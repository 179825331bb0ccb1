import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { normalisePhone } from '../server/domain/accounts/phone.ts'
import type { Purpose } from '../server/domain/accounts/phone-validation.ts'
import { SmsOutbox, type OutboxMessage } from './e2e/sms-outbox.ts'

/** Every SMS the server "sent" in outbox mode, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  return new SmsOutbox(dataDir).messages()
}

/**
 * The newest code to `phone` in the outbox. The server delivers codes after it answers: read it after
 * `app.phoneVerification.delivered()` (in process) or with `sentCode` / SmsOutbox.waitForCode (another process).
 */
export function latestCode(dataDir: string, phone: string): string {
  const message = readOutbox(dataDir)
    .filter((m) => m.to === phone)
    .at(-1)
  if (!message) throw new Error(`no SMS to ${phone} in the outbox`)
  return message.code
}

/** The code of the SMS a send just queued in this app, once the app has delivered it (no polling, no sleep). */
export async function sentCode(app: FastifyInstance, dataDir: string, phone: string): Promise<string> {
  await app.phoneVerification.delivered()
  return latestCode(dataDir, phone)
}

/** The refresh cookie's value from a response, for sending it back like a browser would. */
export function refreshCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token')?.value
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A client address of its own for each simulated person: the per-address limits then treat test users as
 * the distinct people they stand for, and a test of a limit uses one fixed address on purpose.
 */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1
  return `10.${octet()}.${octet()}.${octet()}`
}

/** Local-mode phone verification end to end: send, read the code from the outbox, verify. Returns the idToken. */
export async function verifiedPhoneToken(
  app: FastifyInstance,
  dataDir: string,
  phone: string,
  purpose: Purpose = 'register',
): Promise<string> {
  const remoteAddress = clientAddress()
  const sent = await app.inject({
    method: 'POST',
    url: '/api/phone-verification/send',
    payload: { phone, purpose },
    remoteAddress,
  })
  if (sent.statusCode !== 202) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`)
  const e164 = normalisePhone(phone)
  const verified = await app.inject({
    method: 'POST',
    url: '/api/phone-verification/verify',
    payload: { phone, code: await sentCode(app, dataDir, e164) },
    remoteAddress,
  })
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`)
  return verified.json<{ idToken: string }>().idToken
}

/** A user as the API answers with it (register, login, refresh, account changes). */
export interface UserJson {
  user_id: number
  user_name: string
  phone: string
  radius: number
  isAdmin: boolean
  language?: string
  availableToHelp?: boolean
  abilities?: { kit: string[]; transport: string[]; firstAid: boolean; languages: string[] }
}

export interface RegisteredUser {
  token: string
  cookie: string
  user: UserJson
  password: string
}

let counter = 0
/** A distinct valid Finnish mobile number per call, so tests in one database never collide. */
export function uniquePhone(): string {
  counter += 1
  return `+35840${String(1_000_000 + ((process.pid * 97 + counter) % 8_999_999)).padStart(7, '0')}`
}

export async function registerUser(
  app: FastifyInstance,
  dataDir: string,
  fields: { user_name: string; phone?: string; password?: string; radius?: number | string },
): Promise<RegisteredUser> {
  const phone = fields.phone ?? uniquePhone()
  const password = fields.password ?? 'correct horse'
  const idToken = await verifiedPhoneToken(app, dataDir, phone)
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      user_name: fields.user_name,
      phone,
      password,
      radius: fields.radius ?? 10,
      latitude: 60.17,
      longitude: 24.94,
      idToken,
    },
    remoteAddress: clientAddress(),
  })
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`)
  const body = response.json<{ token: string; user: RegisteredUser['user'] }>()
  return { token: body.token, user: body.user, cookie: refreshCookie(response)!, password }
}
