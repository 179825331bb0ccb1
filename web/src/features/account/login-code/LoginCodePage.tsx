import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { loginWithCode } from '../api.ts'
import { AccountPhoneStep } from '../wizard/AccountPhoneStep.tsx'
import { CodeStep } from '../wizard/CodeStep.tsx'
import { usePhoneVerificationFlow } from '../wizard/usePhoneVerificationFlow.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'
import { FormPage } from '../FormPage.tsx'
import { useStore } from '#shared/store/store.ts'
import { AccountRefusalNotice } from '../suspension/AccountRefusalNotice.tsx'
import { selectAccountRefusal } from '../session/slice.ts'
import { useSignIn } from '../useSignIn.ts'
import { loginCodeMessages } from './login-code-catalog.ts'

/**
 * /login/code (docs/accounts.md, "Login with a code"): the account's phone, then the code sent to it, which signs the
 * user in. Password failures made by anyone do not hold it back, so an owner on a new phone always has a way in.
 */
export function LoginCodePage() {
  const { i18n } = useLingui()
  const signIn = useSignIn()
  const refusal = useStore(selectAccountRefusal)
  const { step, codeStep, accountPhoneStep } = usePhoneVerificationFlow('login', (proof) =>
    signIn(() => loginWithCode(proof.idToken)),
  )
  const [phone, setPhone] = useState('')

  const title = i18n._(loginCodeMessages.logincode)
  return (
    <FormPage title={title}>
      <h1 className="page__title">{title}</h1>
      {refusal && <AccountRefusalNotice message={refusal} />}
      {step === 1 && (
        <AccountPhoneStep
          count={2}
          intro={i18n._(loginCodeMessages.logincodeintro)}
          phone={phone}
          onChange={setPhone}
          {...accountPhoneStep}
        />
      )}
      {step === 2 && (
        <CodeStep step={2} count={2} title={i18n._(wizardMessages.codestep)} phone={phone.trim()} {...codeStep} />
      )}
    </FormPage>
  )
}
