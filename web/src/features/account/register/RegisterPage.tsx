import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { isPhoneAvailable, isUsernameAvailable, register } from '../api.ts'
import { check, FieldError } from '#shared/form/field-error.ts'
import { CodeStep } from '../wizard/CodeStep.tsx'
import { usePhoneVerificationFlow } from '../wizard/usePhoneVerificationFlow.ts'
import { messageKeyOf } from '#shared/api/server-error-texts.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { wizardMessages } from '../wizard/wizard-catalog.ts'
import { loadPhoneParser } from '#shared/phone/parser.ts'
import { checkPhone } from '#shared/phone/rules.ts'
import { useStore } from '#shared/store/store.ts'
import { passwordError, radiusError, usernameError } from '../validation.ts'
import { FormPage } from '../FormPage.tsx'
import { accountFieldOf, AccountStep, type AccountDetails } from './AccountStep.tsx'
import { RadiusStep } from './RadiusStep.tsx'
import { offerAlerts } from '#features/pwa'
import { offerAbilities } from '#features/abilities'

/**
 * /register, the three steps of docs/product.md#accounts: account details, then the SMS code, then the radius. The
 * wizard keeps everything typed, so Back never loses input. The browser checks the rules (docs/product.md#accounts) for
 * a quick answer; the server checks them again and its answer is the one that counts.
 */
export function RegisterPage() {
  const { i18n } = useLingui()
  const [, navigate] = useLocation()
  const signIn = useStore((state) => state.signIn)
  const { step, moved, carried, go, sendCode, submitWithProof, codeStep } = usePhoneVerificationFlow('register')
  const [details, setDetails] = useState<AccountDetails>({ username: '', phone: '', password: '' })
  const [radius, setRadius] = useState('')

  async function submitDetails() {
    const { phone, password } = details
    const username = details.username.trim()
    // docs/product.md#accounts: first all fields, then each field's own rule.
    check(username === '' ? 'fillallfields' : null, 'username')
    check(phone.trim() === '' ? 'fillallfields' : null, 'phone')
    check(password === '' ? 'fillallfields' : null, 'password')
    check(usernameError(username), 'username')
    const parsed = checkPhone(phone, await loadPhoneParser())
    if ('error' in parsed) throw new FieldError(parsed.error, 'phone')
    check(passwordError(password), 'password')

    if (!(await isUsernameAvailable(username))) throw new FieldError('usernameexists', 'username')
    if (!(await isPhoneAvailable(parsed.phone))) throw new FieldError('phoneexists', 'phone')
    await sendCode(parsed.phone)
  }

  async function submitRegistration() {
    check(radiusError(radius), 'radius')
    await submitWithProof(async (proof) => {
      const { position } = useStore.getState()
      try {
        const answer = await register({
          user_name: details.username.trim(),
          phone: proof.phone,
          password: details.password,
          radius: Number(radius),
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          idToken: proof.idToken,
          // The interface language, so push notifications come in it from the start.
          language: useStore.getState().language,
        })
        signIn(answer)
        offerAlerts(answer.user.user_id)
        // The optional step "What can you help with?" opens over the main screen (docs/product.md#abilities).
        offerAbilities(answer.user.user_id)
        navigate('/', { replace: true })
      } catch (error) {
        // A name or number taken meanwhile: back to step 1 to fix it (submitWithProof handles an expired code).
        const key = messageKeyOf(error)
        const field = accountFieldOf(key)
        if (field) return go(1, { key, field })
        throw error
      }
    })
  }

  const title = i18n._(screenTitles.register)
  return (
    <FormPage title={title}>
      <h1 className="page__title">{title}</h1>
      {step === 1 && (
        <AccountStep
          details={details}
          onChange={setDetails}
          onNext={submitDetails}
          initialError={carried}
          focusTitle={moved && !carried}
        />
      )}
      {step === 2 && (
        <CodeStep
          step={2}
          count={3}
          title={i18n._(wizardMessages.codestep)}
          phone={details.phone.trim()}
          {...codeStep}
        />
      )}
      {step === 3 && (
        <RadiusStep
          radius={radius}
          onChange={setRadius}
          onRegister={submitRegistration}
          onBack={() => go(2)}
          initialError={carried}
        />
      )}
    </FormPage>
  )
}
