import { Trans, useLingui } from '@lingui/react'
import { useRef } from 'react'
import { Link } from 'wouter'
import { FormError } from '#shared/form/FormError.tsx'
import { NewPasswordField } from '#shared/form/NewPasswordField.tsx'
import { PhoneField } from '#shared/form/PhoneField.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { useAction, type ActionError } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { WizardStep } from '../wizard/WizardStep.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { USER_NAME_MAX } from '../validation.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'

export interface AccountDetails {
  username: string
  phone: string
  password: string
}

/** Where each answer about the account details is shown. */
export function accountFieldOf(key: MessageKey): keyof AccountDetails | null {
  switch (key) {
    case 'invalidusernamelength':
    case 'invalidusernamechars':
    case 'usernameexists':
      return 'username'
    case 'invalidphone':
    case 'phoneexists':
      return 'phone'
    case 'passwordtooshort':
      return 'password'
    default:
      return null
  }
}

interface AccountStepProps {
  details: AccountDetails
  onChange: (details: AccountDetails) => void
  /** Checks the details, sends the code; throws what to show. */
  onNext: () => Promise<void>
  initialError: ActionError | null
  focusTitle: boolean
}

/** Registration step 1: username, phone and password. */
export function AccountStep({ details, onChange, onNext, initialError, focusTitle }: AccountStepProps) {
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction(accountFieldOf, initialError)
  const usernameRef = useRef<HTMLInputElement>(null)
  const phoneRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { username: usernameRef, phone: phoneRef, password: passwordRef })
  const errorOf = (field: keyof AccountDetails) => (error?.field === field ? i18n._(messages[error.key]) : null)
  const set = (field: keyof AccountDetails) => (event: { target: { value: string } }) =>
    onChange({ ...details, [field]: event.target.value })

  return (
    <WizardStep step={1} count={3} title={i18n._(wizardMessages.accountstep)} focusTitle={focusTitle}>
      <form className="form" noValidate onSubmit={submitWith(onNext)}>
        <TextField
          ref={usernameRef}
          label={i18n._(formMessages.username)}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          // A little over the limit, so a too-long name gets its message instead of silently losing letters.
          maxLength={USER_NAME_MAX + 8}
          required
          value={details.username}
          onChange={set('username')}
          error={errorOf('username')}
        />
        <PhoneField ref={phoneRef} value={details.phone} onChange={set('phone')} error={errorOf('phone')} />
        <NewPasswordField
          ref={passwordRef}
          label={i18n._(formMessages.password)}
          value={details.password}
          onChange={set('password')}
          error={errorOf('password')}
        />
        <FormError error={error} />
        <SubmitButton busy={busy}>{i18n._(formMessages.next)}</SubmitButton>
      </form>
      <p className="page__hint">
        <Trans
          id="privacyinfo"
          message="How we handle your details: <0>privacy statement</0>"
          components={{ 0: <Link href="/privacystatement" className="touch-link" /> }}
        />
      </p>
      <p>
        <Trans
          id="haveaccount"
          message="Already registered? <0>Back to login</0>"
          components={{ 0: <Link href="/login" className="touch-link" /> }}
        />
      </p>
    </WizardStep>
  )
}
