import { apiFetch } from '#shared/api/client.ts'
import type { PhoneVerifier } from './types.ts'

/** The server's own codes (PHONE_VERIFICATION=local): it sends the SMS and signs the idToken itself. */
export function createLocalVerifier(): PhoneVerifier {
  return {
    async send(phone, purpose) {
      const answer = await apiFetch<{ resendAfter?: number }>('/api/phone-verification/send', {
        method: 'POST',
        body: { phone, purpose },
        auth: false,
      })
      return { resendAfter: typeof answer?.resendAfter === 'number' ? answer.resendAfter : 0 }
    },
    async verify(phone, code) {
      const answer = await apiFetch<{ idToken: string }>('/api/phone-verification/verify', {
        method: 'POST',
        body: { phone, code },
        auth: false,
      })
      return answer.idToken
    },
  }
}
