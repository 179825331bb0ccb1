import { useLingui } from '@lingui/react'
import type { Ref } from 'react'
import { requestMessages } from '../request-catalog.ts'
import { DESCRIPTION_MAX, descriptionError, invalidDescriptionCharacters } from '../validation.ts'
import { CountedTextarea } from '../../../shared/form/CountedTextarea.tsx'

interface DescriptionFieldProps {
  value: string
  onChange: (value: string) => void
  error: string | null
  ref?: Ref<HTMLTextAreaElement>
  label?: string
}

/**
 * The request description: a textarea with the n/500 counter (docs/product.md#help-requests), which the browser caps at
 * 500. While an error is shown and the text breaks the character rule, the error names those characters, following the
 * text as it is edited ("Contains invalid characters" alone leaves the user to guess).
 */
export function DescriptionField({ value, onChange, error, ref, label }: DescriptionFieldProps) {
  const { i18n } = useLingui()
  const namedCharacters = (text: string) =>
    i18n._(requestMessages.invaliddescchars.id, {
      characters: invalidDescriptionCharacters(text, QUOTES[i18n.locale] ?? QUOTES.en).join(', '),
    })
  const shownError = error && descriptionError(value) === 'invalidcharacters' ? namedCharacters(value) : error
  return (
    <CountedTextarea
      ref={ref}
      label={label ?? i18n._(requestMessages.description)}
      counter={i18n._(requestMessages.desccounter.id, { count: value.length })}
      value={value}
      onChange={onChange}
      maxLength={DESCRIPTION_MAX}
      rows={4}
      error={shownError}
    />
  )
}

/** How each language quotes a character: English “x”, Finnish and Swedish ”x”. */
const QUOTES: Record<string, (text: string) => string> = {
  en: (text) => `“${text}”`,
  fi: (text) => `”${text}”`,
  sv: (text) => `”${text}”`,
}
