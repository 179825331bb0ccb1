import { createHash, randomUUID } from 'node:crypto'
import type { App } from 'firebase-admin/app'

export interface VerifiedPhone {
  phone: string
  /** A stable id of this proof, so it can be spent once. */
  tokenId: string
  expiresAt: Date
}

export interface FirebaseVerifier {
  verify(idToken: string): Promise<VerifiedPhone>
  close(): Promise<void>
}

/**
 * Checks Firebase ID tokens from the SPA's phone sign-in. Only the project id is needed: firebase-admin
 * fetches Google's public keys itself, or, with FIREBASE_AUTH_EMULATOR_HOST set, accepts emulator tokens.
 */
export async function firebaseVerifier(projectId: string, emulatorHost: string | undefined): Promise<FirebaseVerifier> {
  // Loaded only in firebase mode: firebase-admin is a third of a second of every start that does not use it.
  const [{ deleteApp, initializeApp }, { getAuth }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
  ])
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
  // A named app per server instance: tests run several in one process.
  const app: App = initializeApp({ projectId }, `pyoraapu-${randomUUID()}`)
  return {
    async verify(idToken) {
      const decoded = await getAuth(app).verifyIdToken(idToken)
      if (!decoded.phone_number) throw new Error('the Firebase token carries no phone number')
      return {
        phone: decoded.phone_number,
        tokenId: 'firebase:' + createHash('sha256').update(idToken).digest('hex'),
        expiresAt: new Date(decoded.exp * 1000),
      }
    },
    close: () => deleteApp(app),
  }
}
