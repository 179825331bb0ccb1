import { useLingui } from '@lingui/react'
import { useId, type Ref } from 'react'
import { requestMessages } from '../../i18n/request-messages.ts'
import { DESCRIPTION_MAX } from '../../requests/validation.ts'
import { FieldErrorMessage } from '../form/FieldErrorMessage.tsx'

interface DescriptionFieldProps {
  value: string
  onChange: (value: string) => void
  error: string | null
  ref?: Ref<HTMLTextAreaElement>
  label?: string
}

/** The request description: a textarea with the n/500 counter of SPEC 2, which the browser caps at 500. */
export function DescriptionField({ value, onChange, error, ref, label }: DescriptionFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label ?? i18n._(requestMessages.description)}
        </label>
        <span id={`${id}-count`} className="field__hint" aria-live="off">
          {i18n._(requestMessages.desccounter.id, { count: value.length })}
        </span>
      </div>
      <textarea
        ref={ref}
        id={id}
        className="input textarea"
        rows={4}
        maxLength={DESCRIPTION_MAX}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <FieldErrorMessage id={`${id}-error`} text={error} />}
    </div>
  )
}
