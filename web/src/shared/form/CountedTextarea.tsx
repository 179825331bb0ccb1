import { useId, type ReactNode, type Ref } from 'react'
import { FieldErrorMessage } from './FieldErrorMessage.tsx'
import './Form.css'

interface CountedTextareaProps {
  label: string
  /** The "n/500" line at the end of the label's line, read with the textarea. */
  counter: string
  value: string
  onChange: (value: string) => void
  /** The browser stops typing here; the server checks it again. */
  maxLength: number
  rows: number
  /** Translated error text; marks the textarea invalid and is read with it. */
  error: string | null
  ref?: Ref<HTMLTextAreaElement>
  /** A control in one row with the textarea, at its end (the conversation's Send). */
  beside?: ReactNode
  /** What the text may hold, under the textarea, read with it (the description's allowed characters). */
  hint?: string
  /** A control under the error that fixes it (the description's "Fix them"). */
  fix?: ReactNode
}

/**
 * A labelled textarea with its character counter and error tied to it: the request description, a message to the
 * other person of a request, and a thank-you.
 */
export function CountedTextarea({
  label,
  counter,
  value,
  onChange,
  maxLength,
  rows,
  error,
  ref,
  beside,
  hint,
  fix,
}: CountedTextareaProps) {
  const id = useId()
  const describedBy = [`${id}-count`, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  const textarea = (
    <textarea
      ref={ref}
      id={id}
      className={beside ? 'input textarea field__row-input' : 'input textarea'}
      rows={rows}
      maxLength={maxLength}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy.join(' ')}
      onChange={(event) => onChange(event.target.value)}
    />
  )
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <span id={`${id}-count`} className="field__hint" aria-live="off">
          {counter}
        </span>
      </div>
      {beside ? (
        <div className="field__row">
          {textarea}
          {beside}
        </div>
      ) : (
        textarea
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorMessage id={`${id}-error`} text={error} />
      {error ? fix : null}
    </div>
  )
}
