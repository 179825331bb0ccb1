import { useEffect, useState } from 'react'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import type { VerificationPurpose } from '#shared/api/types.ts'
import { loadPhoneParser } from '#shared/phone/parser.ts'
import { getPhoneVerifier } from '../verification/index.ts'
import { emptyCode } from './code.ts'
import { FieldError } from '#shared/form/field-error.ts'
import { useResendCountdown } from './useResendCountdown.ts'
import { useWizardSteps } from './useWizardSteps.ts'

/** What the final step presents: the number the code went to and the verifier's proof of it. */
export interface PhoneProof {
  phone: string
  idToken: string
}

/**
 * The phone verification shared by the registration, password-reset and code login wizards: step 1 sends a code,
 * step 2 confirms it, step 3 presents the proof. Everything is kept across steps, so Back never costs a new SMS.
 * With `finish`, the confirmed code goes straight to it instead of a step 3 (the code login signs in with it).
 */
export function usePhoneVerificationFlow(purpose: VerificationPurpose, finish?: (proof: PhoneProof) => Promise<void>) {
  const { step, moved, carried, go } = useWizardSteps()
  /** The E.164 number the last code went to. */
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState(emptyCode)
  /** The code that produced `idToken`: coming back to step 2 and on again needs no second check. */
  const [verified, setVerified] = useState<{ code: string; idToken: string } | null>(null)
  const countdown = useResendCountdown()

  // Both load while the user types: the parser is needed at Next, the verifier right after (Next waits for them if
  // they have not arrived). Not at mount: libphonenumber with its metadata is the page's largest script after the
  // entry, and fetching and evaluating it competed with the page's first paints (docs/performance.md, "Lighthouse").
  // The first tap, key or focus starts them.
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const
    const stop = () => events.forEach((event) => document.removeEventListener(event, load, true))
    function load() {
      stop()
      loadPhoneParser().catch((error: unknown) => console.error('Loading the phone number parser failed', error))
      getPhoneVerifier().catch((error: unknown) => console.error('Loading the phone verification failed', error))
    }
    events.forEach((event) => document.addEventListener(event, load, true))
    return stop
  }, [])

  /** Step 1 done: sends a code to `phone` (E.164) and opens step 2. */
  async function sendCode(phone: string) {
    // A code already sent to this number is still good: step 2 offers a resend when it is allowed.
    if (phone !== sentTo) {
      const { resendAfter } = await (await getPhoneVerifier()).send(phone, purpose)
      countdown.reset()
      countdown.codeSent(resendAfter)
      setSentTo(phone)
      setCode(emptyCode())
      setVerified(null)
    }
    go(2)
  }

  async function resendCode() {
    if (!sentTo) return
    const { resendAfter } = await (await getPhoneVerifier()).send(sentTo, purpose)
    countdown.codeSent(resendAfter)
  }

  async function confirmCode(typed: string) {
    if (!sentTo) throw new FieldError('codenotentered', 'code')
    const proof =
      verified?.code === typed
        ? verified
        : { code: typed, idToken: await (await getPhoneVerifier()).verify(sentTo, typed) }
    setVerified(proof)
    if (!finish) return go(3)
    try {
      await finish({ phone: sentTo, idToken: proof.idToken })
    } catch (error) {
      // The proof may be spent or refused: the next try checks the code again (and asks for a new one if it was used).
      setVerified(null)
      throw error
    }
  }

  /**
   * The last step's submit with the proof of the number. A proof the server no longer takes (expired or used)
   * sends the user back to step 2 for a new code; any other failure is the caller's to show.
   */
  async function submitWithProof(submit: (proof: PhoneProof) => Promise<void>) {
    if (!verified || !sentTo) return go(2, { key: 'codenotentered', field: 'code' })
    try {
      await submit({ phone: sentTo, idToken: verified.idToken })
    } catch (error) {
      if (messageKeyOf(error) !== 'invalidcode') throw error
      setVerified(null)
      setCode(emptyCode())
      go(2, { key: 'invalidcode', field: 'code' })
    }
  }

  /** The props of step 2's CodeStep that come from the flow. */
  const codeStep = {
    code,
    onCodeChange: setCode,
    resendIn: countdown.secondsLeft,
    onResend: resendCode,
    onConfirm: confirmCode,
    onBack: () => go(1),
    initialError: carried,
  }

  /** The props of step 1's AccountPhoneStep (reset, login with a code) that come from the flow. */
  const accountPhoneStep = { onSend: sendCode, initialError: carried, focusTitle: moved }

  return { step, moved, carried, go, sendCode, submitWithProof, codeStep, accountPhoneStep }
}
