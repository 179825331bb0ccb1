import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { phoneExists, setNewPassword } from '../api.ts'
import { check, FieldError } from '../../../shared/form/field-error.ts'
import { CodeStep } from '../wizard/CodeStep.tsx'
import { usePhoneVerificationFlow } from '../wizard/usePhoneVerificationFlow.ts'
import { screenTitles } from '../../../shared/i18n/shell-catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'
import { loadPhoneParser } from '../../../shared/phone/parser.ts'
import { checkPhone } from '../../../shared/phone/rules.ts'
import { passwordError } from '../validation.ts'
import { FormPage } from '../../../app/layout/FormPage.tsx'
import { PASSWORD_UPDATED } from '../LoginPage.tsx'
import { NewPasswordStep } from './NewPasswordStep.tsx'
import { PhoneStep } from './PhoneStep.tsx'

/**
 * /resetpassword (docs/product.md#accounts): phone, then the SMS code, then a new password; success goes to the login.
 */
export function ResetPasswordPage() {
  const { i18n } = useLingui()
  const [, navigate] = useLocation()
  const { step, moved, carried, go, sendCode, submitWithProof, codeStep } = usePhoneVerificationFlow('reset')
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')

  async function submitPhone() {
    const parsed = checkPhone(phone, await loadPhoneParser(), 'enterphone')
    if ('error' in parsed) throw new FieldError(parsed.error, 'phone')
    if (!(await phoneExists(parsed.phone))) throw new FieldError('phonenumbernotfound', 'phone')
    await sendCode(parsed.phone)
  }

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
        <PhoneStep phone={phone} onChange={setPhone} onNext={submitPhone} initialError={carried} focusTitle={moved} />
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
