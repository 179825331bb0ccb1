import { useLingui } from '@lingui/react'
import { formMessages } from './form-catalog.ts'
import { PasswordField, type PasswordFieldProps } from './PasswordField.tsx'

type NewPasswordFieldProps = Omit<PasswordFieldProps, 'hint' | 'name' | 'autoComplete' | 'required'>

/** A password being chosen: its rule is shown up front, and password managers know to offer a new one. */
export function NewPasswordField(props: NewPasswordFieldProps) {
  const { i18n } = useLingui()
  return (
    <PasswordField
      {...props}
      hint={i18n._(formMessages.passwordhint)}
      name="new-password"
      autoComplete="new-password"
      required
    />
  )
}
