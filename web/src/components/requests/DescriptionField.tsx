import { useLingui } from '@lingui/react'
import { useId, type Ref } from 'react'
import { requestMessages } from '../../i18n/request-messages.ts'
import { DESCRIPTION_MAX, descriptionError, invalidDescriptionCharacters } from '../../requests/validation.ts'
import { FieldErrorMessage } from '../form/FieldErrorMessage.tsx'

interface DescriptionFieldProps {
  value: string
  onChange: (value: string) => void
  error: string | null
  ref?: Ref<HTMLTextAreaElement>
  label?: string
}

/**
 * The request description: a textarea with the n/500 counter of SPEC 2, which the browser caps at 500. While an
 * error is shown and the text breaks the character rule, the error names those characters, following the text as
 * it is edited ("Contains invalid characters" alone leaves the user to guess).
 */
export function DescriptionField({ value, onChange, error, ref, label }: DescriptionFieldProps) {
  const { i18n } = useLingui()
  const namedCharacters = (text: string) =>
    i18n._(requestMessages.invaliddescchars.id, {
      characters: invalidDescriptionCharacters(text, QUOTES[i18n.locale] ?? QUOTES.en).join(', '),
    })
  const id = useId()
  const shownError = error && descriptionError(value) === 'invalidcharacters' ? namedCharacters(value) : error
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
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-count${shownError ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {shownError && <FieldErrorMessage id={`${id}-error`} text={shownError} />}
    </div>
  )
}

/** How each language quotes a character: English “x”, Finnish and Swedish ”x”. */
const QUOTES: Record<string, (text: string) => string> = {
  en: (text) => `“${text}”`,
  fi: (text) => `”${text}”`,
  sv: (text) => `”${text}”`,
}
