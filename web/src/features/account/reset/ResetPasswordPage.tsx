import { Trans, useLingui } from '@lingui/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { setNewPassword } from '../api.ts'
import { check } from '#shared/form/field-error.ts'
import { CodeStep } from '../wizard/CodeStep.tsx'
import { usePhoneVerificationFlow } from '../wizard/usePhoneVerificationFlow.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'
import { passwordError } from '../validation.ts'
import { FormPage } from '../FormPage.tsx'
import { PASSWORD_UPDATED } from '../LoginPage.tsx'
import { NewPasswordStep } from './NewPasswordStep.tsx'
import { AccountPhoneStep } from '../wizard/AccountPhoneStep.tsx'

/**
 * /resetpassword (docs/product.md#accounts): phone, then the SMS code, then a new password; success goes to the login.
 */
export function ResetPasswordPage() {
  const { i18n } = useLingui()
  const [, navigate] = useLocation()
  const { step, go, submitWithProof, codeStep, accountPhoneStep } = usePhoneVerificationFlow('reset')
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')

  async function savePassword() {
    check(password === '' ? 'fillallfields' : passwordError(password), 'password')
    await submitWithProof(async (proof) => {
      await setNewPassword(proof.phone, password, proof.idToken)
      navigate(`/login?message=${PASSWORD_UPDATED}`, { replace: true })
    })
  }

  const title = i18n._(screenTitles.resetpassword)
  return (
    <FormPage title={title}>
      <h1 className="page__title">{title}</h1>
      {step === 1 && (
        <AccountPhoneStep
          count={3}
          intro={
            <Trans
              id="resetintro"
              message="Enter the phone number of your account. We will send you a code by text message, and then you can choose a new password."
            />
          }
          phone={phone}
          onChange={setPhone}
          {...accountPhoneStep}
        />
      )}
      {step === 2 && (
        <CodeStep step={2} count={3} title={i18n._(wizardMessages.codestep)} phone={phone.trim()} {...codeStep} />
      )}
      {step === 3 && (
        <NewPasswordStep password={password} onChange={setPassword} onSave={savePassword} onBack={() => go(2)} />
      )}
    </FormPage>
  )
}
