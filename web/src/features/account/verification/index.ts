import { fetchClientConfig } from '#shared/api/config.ts'
import { KeyedError } from '#shared/api/errors.ts'
import { createLocalVerifier } from './local.ts'
import type { PhoneVerifier } from './types.ts'

export type { PhoneVerifier } from './types.ts'

/** The verifier the server asks for (GET /api/config); the Firebase SDK is downloaded only in that mode. */
export async function loadPhoneVerifier(): Promise<PhoneVerifier> {
  const config = await fetchClientConfig()
  if (config.phoneVerification !== 'firebase') return createLocalVerifier()
  if (!config.firebase) throw new KeyedError('recaptchainiterror')
  const { createFirebaseVerifier } = await import('./firebase.ts')
  try {
    return await createFirebaseVerifier(config.firebase)
  } catch (error) {
    if (error instanceof KeyedError) throw error
    throw new KeyedError('recaptchainiterror', error)
  }
}

let verifier: Promise<PhoneVerifier> | null = null

/** The page's verifier, loaded once; a failed load is tried again by the next caller. */
export function getPhoneVerifier(): Promise<PhoneVerifier> {
  verifier ??= loadPhoneVerifier().catch((error: unknown) => {
    verifier = null
    throw error
  })
  return verifier
}
