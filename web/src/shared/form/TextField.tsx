import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { FieldErrorMessage } from './FieldErrorMessage.tsx'
import './Form.css'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  /** Always shown under the label, e.g. "min 5 chars". */
  hint?: ReactNode
  /** Translated error text; marks the input invalid and is read with it. */
  error?: string | null
  /** A control inside the input's box at its end (the show/hide password toggle). */
  trailing?: ReactNode
  /** A control at the end of the label's line (an info button). */
  labelAction?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, trailing, labelAction, ref, ...input }: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      {labelAction ? (
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
          {labelAction}
        </div>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
        <input
          ref={ref}
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      <FieldErrorMessage id={errorId} text={error} />
    </div>
  )
}
