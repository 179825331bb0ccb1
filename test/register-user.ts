import type { SmsOutbox } from './e2e/sms-outbox.ts'

/** A call to the server as the test reaches it (over HTTP, or in process): its JSON answer, or a thrown error. */
export type Post = <T>(path: string, body: object) => Promise<T>

/**
 * Registers a user through the API as the wizard does (the code read from the SMS outbox), for tests that start from
 * an existing account: the browser tests over HTTP, the component tests in process.
 */
export async function registerThroughApi(
  post: Post,
  outbox: SmsOutbox,
  user: { username: string; phone: string; password: string; e164?: string },
): Promise<void> {
  // Where the SMS goes: given, or a Finnish number as typed with its leading 0.
  const e164 = user.e164 ?? `+358${user.phone.replace(/\D/g, '').replace(/^0/, '')}`
  const seen = outbox.count(e164)
  await post('/api/phone-verification/send', { phone: user.phone, purpose: 'register' })
  const { code } = await outbox.waitForCode(e164, seen)
  const { idToken } = await post<{ idToken: string }>('/api/phone-verification/verify', { phone: user.phone, code })
  await post('/api/user/register', {
    user_name: user.username,
    phone: user.phone,
    password: user.password,
    radius: '10',
    latitude: null,
    longitude: null,
    idToken,
  })
}
