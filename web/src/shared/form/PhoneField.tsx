import { useLingui } from '@lingui/react'
import { formMessages } from './form-catalog.ts'
import { PHONE_MAX_LENGTH, PHONE_PLACEHOLDER } from '../phone/rules.ts'
import { TextField, type TextFieldProps } from './TextField.tsx'

type PhoneFieldProps = Omit<
  TextFieldProps,
  'label' | 'name' | 'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'maxLength' | 'required'
>

/** The phone number of an account: the phone keypad, the browser's autofill, and an example of the format. */
export function PhoneField(props: PhoneFieldProps) {
  const { i18n } = useLingui()
  return (
    <TextField
      {...props}
      label={i18n._(formMessages.phone)}
      name="phone"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder={PHONE_PLACEHOLDER}
      maxLength={PHONE_MAX_LENGTH}
      required
    />
  )
}
