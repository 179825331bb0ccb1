import { useLingui } from '@lingui/react'
import { useEffect, useEffectEvent, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { formMessages } from '#shared/form/form-catalog.ts'
import { backspaceInBox, CODE_LENGTH, parsePastedCode, typeIntoBox, type CodeDigits } from './code.ts'
import { FieldErrorMessage } from '#shared/form/FieldErrorMessage.tsx'
import '#shared/form/Form.css'
import './Wizard.css'

interface CodeInputProps {
  code: CodeDigits
  onChange: (code: string[]) => void
  /** Translated error, tied to every box. */
  error?: string | null
  /** Focus the first empty box on mount (the step just opened). */
  autoFocus?: boolean
}

/**
 * Six one-digit boxes (docs/product.md#accounts): typing advances, Backspace on an empty box goes back, the arrow keys
 * move, and a paste of exactly six digits fills all. The first box offers the phone's one-time-code autofill.
 */
export function CodeInput({ code, onChange, error, autoFocus = false }: CodeInputProps) {
  const { i18n } = useLingui()
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const labelId = useId()
  const errorId = useId()

  const focusBox = (index: number) => boxes.current[index]?.focus()

  const focusOnOpen = useEffectEvent(() => {
    if (!autoFocus) return
    const firstEmpty = code.findIndex((digit) => !digit)
    focusBox(firstEmpty === -1 ? CODE_LENGTH - 1 : firstEmpty)
  })
  // Only when the step opens.
  useEffect(() => focusOnOpen(), [])

  // A refused code: back to the first box, ready to type it again.
  useEffect(() => {
    if (error) focusBox(0)
  }, [error])

  function apply({ code: next, focus }: { code: string[]; focus: number }) {
    onChange(next)
    focusBox(focus)
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault()
      apply(backspaceInBox(code, index))
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    // Whatever it is, it is not pasted into one box as is; six digits fill them all.
    event.preventDefault()
    const digits = parsePastedCode(event.clipboardData.getData('text'))
    if (digits) apply({ code: digits, focus: CODE_LENGTH - 1 })
  }

  return (
    <div className="code-input" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <p id={labelId} className="field__label">
        {i18n._(formMessages.code)}
      </p>
      <div className="code-input__boxes">
        {code.map((digit, index) => (
          <input
            // The boxes never reorder.
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            className="input code-input__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            name={index === 0 ? 'code' : undefined}
            aria-label={i18n._(formMessages.codedigit.id, { position: index + 1, count: CODE_LENGTH })}
            aria-invalid={error ? true : undefined}
            value={digit}
            onChange={(event) => apply(typeIntoBox(code, index, event.target.value))}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <FieldErrorMessage id={errorId} text={error} />
    </div>
  )
}
