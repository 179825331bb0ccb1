import { useLingui } from '@lingui/react'
import { useRef } from 'react'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormError } from '#shared/form/FormError.tsx'
import { NewPasswordField } from '#shared/form/NewPasswordField.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { WizardStep } from '../wizard/WizardStep.tsx'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages, type MessageKey } from '#shared/i18n/catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'

const passwordFieldOf = (key: MessageKey) => (key === 'passwordtooshort' || key === 'fillallfields' ? 'password' : null)

interface NewPasswordStepProps {
  password: string
  onChange: (password: string) => void
  onSave: () => Promise<void>
  onBack: () => void
}

/** Password reset step 3: the new password. */
export function NewPasswordStep({ password, onChange, onSave, onBack }: NewPasswordStepProps) {
  const { i18n } = useLingui()
  const { busy, error, submitWith } = useAction(passwordFieldOf)
  const passwordRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { password: passwordRef })

  return (
    <WizardStep step={3} count={3} title={i18n._(wizardMessages.newpasswordstep)} focusTitle>
      <form className="form" noValidate onSubmit={submitWith(onSave)}>
        <NewPasswordField
          ref={passwordRef}
          label={i18n._(formMessages.newpassword)}
          value={password}
          onChange={(event) => onChange(event.target.value)}
          error={error?.field === 'password' ? i18n._(messages[error.key]) : null}
        />
        <FormError error={error} />
        <FormActions leaveLabel={i18n._(formMessages.back)} onLeave={onBack} busy={busy}>
          {i18n._(wizardMessages.savepassword)}
        </FormActions>
      </form>
    </WizardStep>
  )
}
