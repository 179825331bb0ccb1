import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { formMessages } from './form-catalog.ts'
import { TextField, type TextFieldProps } from './TextField.tsx'

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>

/** A password input with a show/hide toggle: typing a password with cold fingers goes better when you can see it. */
export function PasswordField(props: PasswordFieldProps) {
  const { i18n } = useLingui()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-label={i18n._(formMessages.showpassword)}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  )
}
