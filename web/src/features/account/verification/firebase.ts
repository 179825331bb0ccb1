import type { ConfirmationResult, RecaptchaVerifier } from 'firebase/auth'
import { KeyedError } from '#shared/api/errors.ts'
import type { FirebaseWebConfig } from '#shared/api/types.ts'
import type { PhoneVerifier } from './types.ts'

/** A fresh element for each invisible reCAPTCHA: a used widget cannot verify again, and a cleared one leaves its element behind. */
function newRecaptchaElement(): HTMLElement {
  const element = document.createElement('div')
  element.className = 'recaptcha'
  document.body.append(element)
  return element
}

/**
 * Firebase phone auth (PHONE_VERIFICATION=firebase): Firebase sends the SMS behind an invisible reCAPTCHA, and the
 * confirmed code signs in to Firebase, whose ID token our server verifies. The SDK is imported here only, and
 * this module only from the register and reset pages.
 */
export async function createFirebaseVerifier(config: FirebaseWebConfig): Promise<PhoneVerifier> {
  const [{ initializeApp, getApps }, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')])
  const firebaseAuth = auth.getAuth(getApps()[0] ?? initializeApp(config))
  const pending = new Map<string, ConfirmationResult>()

  function newVerifier(): { verifier: RecaptchaVerifier; element: HTMLElement } {
    const element = newRecaptchaElement()
    try {
      return { verifier: new auth.RecaptchaVerifier(firebaseAuth, element, { size: 'invisible' }), element }
    } catch (error) {
      element.remove()
      throw new KeyedError('recaptchainiterror', error)
    }
  }

  return {
    async send(phone) {
      const { verifier, element } = newVerifier()
      try {
        pending.set(phone, await auth.signInWithPhoneNumber(firebaseAuth, phone, verifier))
      } catch (error) {
        throw new KeyedError('recaptchaerror', error)
      } finally {
        verifier.clear()
        element.remove()
      }
      // Firebase states no resend interval of its own: the wizard's countdown applies.
      return { resendAfter: 0 }
    },
    async verify(phone, code) {
      const confirmation = pending.get(phone)
      if (!confirmation) throw new KeyedError('codenotentered')
      let idToken: string
      try {
        const { user } = await confirmation.confirm(code)
        idToken = await user.getIdToken()
      } catch (error) {
        throw new KeyedError('invalidcode', error)
      }
      pending.delete(phone)
      // The Firebase sign-in was only the proof of the phone: our own session is the one that counts.
      await auth.signOut(firebaseAuth).catch(() => {})
      return idToken
    },
  }
}
