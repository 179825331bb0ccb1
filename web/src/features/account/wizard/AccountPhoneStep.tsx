import { Trans, useLingui } from '@lingui/react'
import { useRef, type ReactNode } from 'react'
import { Link } from 'wouter'
import { FormError } from '#shared/form/FormError.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { PhoneField } from '#shared/form/PhoneField.tsx'
import { useAction, type ActionError } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { WizardStep } from './WizardStep.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { wizardMessages } from './wizard-catalog.ts'
import { accountPhone } from './account-phone.ts'

const PHONE_KEYS: readonly MessageKey[] = ['enterphone', 'invalidphone', 'phonenumbernotfound']
const phoneFieldOf = (key: MessageKey) => (PHONE_KEYS.includes(key) ? 'phone' : null)

interface AccountPhoneStepProps {
  /** The number of steps of the wizard (this one is the first). */
  count: number
  /** What the code will be for. */
  intro: ReactNode
  phone: string
  onChange: (phone: string) => void
  /** Sends a code to the account's number (E.164), checked here to belong to an account. */
  onSend: (phone: string) => Promise<void>
  initialError: ActionError | null
  focusTitle: boolean
}

/** Step 1 of the wizards that send a code to an existing account (password reset, login with a code). */
export function AccountPhoneStep(props: AccountPhoneStepProps) {
  const { count, intro, phone, onChange, onSend, initialError, focusTitle } = props
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction(phoneFieldOf, initialError)
  const phoneRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { phone: phoneRef })

  return (
    <WizardStep step={1} count={count} title={i18n._(wizardMessages.phonestep)} focusTitle={focusTitle}>
      <p>{intro}</p>
      <form className="form" noValidate onSubmit={submitWith(async () => onSend(await accountPhone(phone)))}>
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
