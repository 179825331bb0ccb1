import { Trans, useLingui } from '@lingui/react'
import { useRef } from 'react'
import { Link } from 'wouter'
import { FormError } from '../../../shared/form/FormError.tsx'
import { SubmitButton } from '../../../shared/form/SubmitButton.tsx'
import { PhoneField } from '../../../shared/form/PhoneField.tsx'
import { useAction, type ActionError } from '../../../shared/form/useAction.ts'
import { useFocusOnError } from '../../../shared/form/useFocusOnError.ts'
import { WizardStep } from '../wizard/WizardStep.tsx'
import { formMessages } from '../../../shared/form/form-catalog.ts'
import { messages, type MessageKey } from '../../../shared/i18n/catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'

const PHONE_KEYS: readonly MessageKey[] = ['enterphone', 'invalidphone', 'phonenumbernotfound']
const phoneFieldOf = (key: MessageKey) => (PHONE_KEYS.includes(key) ? 'phone' : null)

interface PhoneStepProps {
  phone: string
  onChange: (phone: string) => void
  onNext: () => Promise<void>
  initialError: ActionError | null
  focusTitle: boolean
}

/** Password reset step 1: the account's phone number. */
export function PhoneStep({ phone, onChange, onNext, initialError, focusTitle }: PhoneStepProps) {
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction(phoneFieldOf, initialError)
  const phoneRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { phone: phoneRef })

  return (
    <WizardStep step={1} count={3} title={i18n._(wizardMessages.phonestep)} focusTitle={focusTitle}>
      <p>
        <Trans
          id="resetintro"
          message="Enter the phone number of your account. We will send you a code by text message, and then you can choose a new password."
        />
      </p>
      <form className="form" noValidate onSubmit={submitWith(onNext)}>
        <PhoneField
          ref={phoneRef}
          value={phone}
          onChange={(event) => onChange(event.target.value)}
          error={error?.field === 'phone' ? i18n._(messages[error.key]) : null}
        />
        <FormError error={error} />
        <SubmitButton busy={busy}>{i18n._(formMessages.next)}</SubmitButton>
      </form>
      <p>
        <Link href="/login" className="touch-link">
          <Trans id="backtologin" message="Back to login" />
        </Link>
      </p>
    </WizardStep>
  )
}
