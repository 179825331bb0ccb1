import { Trans, useLingui } from '@lingui/react'
import { useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { login } from './api.ts'
import { check } from '#shared/form/field-error.ts'
import { FormError } from '#shared/form/FormError.tsx'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { PasswordField } from '#shared/form/PasswordField.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { useFocusOnError } from '#shared/form/useFocusOnError.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { screenTitles } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FormPage } from './FormPage.tsx'
import { ApiError } from '#shared/api/errors.ts'
import { AccountRefusalNotice } from './suspension/AccountRefusalNotice.tsx'
import { selectAccountRefusal } from './session/slice.ts'
import { LOGIN_CODE_PATH } from './login-code/path.ts'
import { loginCodeMessages } from './login-code/login-code-catalog.ts'
import { useSignIn } from './useSignIn.ts'

/** The value of ?message= after a password reset (docs/product.md#screens-and-routes). */
export const PASSWORD_UPDATED = 'password-updated'

/**
 * /login: username or phone (in any format the server can normalise) and password, or a code sent to the phone
 * (docs/accounts.md, "Login with a code"), offered first once the password login answers 429.
 */
export function LoginPage() {
  const { i18n } = useLingui()
  const passwordUpdated = new URLSearchParams(useSearch()).get('message') === PASSWORD_UPDATED
  const signIn = useSignIn()
  const refusal = useStore(selectAccountRefusal)
  /** The password login answered 429: guesses made elsewhere may be holding this account back. */
  const [throttled, setThrottled] = useState(false)
  const [identifier, setIdentifier] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error, submitWith } = useAction()
  const identifierRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  useFocusOnError(error, { identifier: identifierRef, password: passwordRef })

  const errorOf = (field: string) => (error?.field === field ? i18n._(messages[error.key]) : null)

  async function logIn() {
    check(identifier.trim() === '' ? 'fillallfields' : null, 'identifier')
    check(password === '' ? 'fillallfields' : null, 'password')
    try {
      await signIn(() => login(identifier.trim(), password))
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setThrottled(true)
      throw error
    }
  }

  return (
    <FormPage title={i18n._(screenTitles.login)}>
      <h1 className="page__title">{i18n._(screenTitles.login)}</h1>
      {passwordUpdated && <FormMessage tone="success" text={i18n._(messages.passwordchanged)} />}
      {refusal && <AccountRefusalNotice message={refusal} />}
      {throttled && (
        <section className="notice" aria-labelledby="login-code-offer">
          <h2 id="login-code-offer" className="notice__title">
            {i18n._(loginCodeMessages.logincodeoffertitle)}
          </h2>
          <p>{i18n._(loginCodeMessages.logincodeoffer)}</p>
          <Link href={LOGIN_CODE_PATH} className="button button--primary button--block">
            {i18n._(loginCodeMessages.sendlogincode)}
          </Link>
        </section>
      )}
      <form className="form" noValidate onSubmit={submitWith(logIn)}>
        <TextField
          ref={identifierRef}
          label={i18n._(formMessages.identifier)}
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={errorOf('identifier')}
        />
        <PasswordField
          ref={passwordRef}
          label={i18n._(formMessages.password)}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errorOf('password')}
        />
        <FormError error={error} />
        <SubmitButton busy={busy}>{i18n._(screenTitles.login)}</SubmitButton>
      </form>
      {!throttled && (
        <p>
          <Link href={LOGIN_CODE_PATH} className="touch-link">
            {i18n._(loginCodeMessages.sendlogincode)}
          </Link>
        </p>
      )}
      <p>
        <Link href="/resetpassword" className="touch-link">
          <Trans id="forgotpassword" message="Forgot your password?" />
        </Link>
      </p>
      <p>
        <Trans
          id="noaccount"
          message="No account yet? <0>Register</0>"
          components={{ 0: <Link href="/register" className="touch-link" /> }}
        />
      </p>
      <div className="page__visitor">
        <Link href="/" className="button button--secondary button--block">
          <Trans id="continuewithoutlogin" message="Continue without logging in" />
        </Link>
        <p className="page__hint">
          <Trans id="visitorhint" message="Without an account you can use the service map." />
        </p>
      </div>
    </FormPage>
  )
}
