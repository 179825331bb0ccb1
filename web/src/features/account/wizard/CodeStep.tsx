import { Trans, useLingui } from '@lingui/react'
import { useState } from 'react'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { isCodeComplete, type CodeDigits } from './code.ts'
import { FieldError } from '#shared/form/field-error.ts'
import { FormActions } from '#shared/form/FormActions.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction, type ActionError } from '#shared/form/useAction.ts'
import { CodeInput } from './CodeInput.tsx'
import { WizardStep } from './WizardStep.tsx'

interface CodeStepProps {
  step: number
  count: number
  title: string
  /** The number as the user typed it: what they recognise. */
  phone: string
  code: CodeDigits
  onCodeChange: (code: string[]) => void
  /** Seconds before another code may be sent; 0 offers the resend link. */
  resendIn: number
  onResend: () => Promise<void>
  /** Confirms the code; throws what to show (invalidcode, ...). */
  onConfirm: (code: string) => Promise<void>
  onBack: () => void
  initialError?: ActionError | null
}

/** Step 2 of both wizards: the six-digit SMS code, a resend link with its countdown, Next and Back. */
export function CodeStep(props: CodeStepProps) {
  const { step, count, title, phone, code, onCodeChange, resendIn, onResend, onConfirm, onBack } = props
  const { i18n } = useLingui()
  const confirm = useAction((key) => (key === 'invalidcode' ? 'code' : null), props.initialError ?? null)
  const resend = useAction()
  const [resent, setResent] = useState(false)

  async function confirmCode() {
    if (!isCodeComplete(code)) throw new FieldError('codenotentered', 'code')
    await onConfirm(code.join(''))
  }

  function resendCode() {
    setResent(false)
    void resend.run(async () => {
      await onResend()
      setResent(true)
      confirm.setError(null)
    })
  }

  const codeError = confirm.error?.field === 'code' ? i18n._(messages[confirm.error.key]) : null
  const formError = confirm.error && !confirm.error.field ? confirm.error : resend.error

  return (
    <WizardStep step={step} count={count} title={title}>
      <p>
        <Trans
          id="codesent"
          message="We sent a six-digit code by text message to <0>{phone}</0>."
          values={{ phone }}
          components={{ 0: <strong className="nowrap" /> }}
        />
      </p>
      <form className="form" noValidate onSubmit={confirm.submitWith(confirmCode)}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the step exists to type the code just sent: focus waits in its first empty box */}
        <CodeInput code={code} onChange={onCodeChange} error={codeError} autoFocus />
        <div className="code-input__resend">
          {resendIn > 0 ? (
            <span className="code-input__wait" aria-live="off">
              {i18n._(formMessages.resendin.id, { seconds: resendIn })}
            </span>
          ) : (
            <button type="button" className="link-button" onClick={resendCode} aria-disabled={resend.busy || undefined}>
              {i18n._(formMessages.resendcode)}
            </button>
          )}
        </div>
        <FormMessage tone="success" text={resent && !resend.error ? i18n._(formMessages.codesentagain) : null} />
        <FormMessage tone="error" text={formError ? i18n._(messages[formError.key]) : null} />
        <FormActions leaveLabel={i18n._(formMessages.back)} onLeave={onBack} busy={confirm.busy}>
          {i18n._(formMessages.next)}
        </FormActions>
      </form>
    </WizardStep>
  )
}
