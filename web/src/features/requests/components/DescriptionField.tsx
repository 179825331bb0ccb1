import { useLingui } from '@lingui/react'
import type { Ref } from 'react'
import { requestMessages } from '../request-catalog.ts'
import { readableDescription } from '../readable-description.ts'
import { DESCRIPTION_MAX, invalidDescriptionCharacters } from '../validation.ts'
import { useStore } from '#shared/store/store.ts'
import { selectLanguage } from '#features/settings'
import { CountedTextarea } from '#shared/form/CountedTextarea.tsx'
import './DescriptionField.css'

interface DescriptionFieldProps {
  value: string
  onChange: (value: string) => void
  error: string | null
  ref?: Ref<HTMLTextAreaElement>
  label?: string
}

/**
 * The request description: a textarea with the n/500 counter (docs/product.md#help-requests), which the browser caps at
 * 500. As soon as the text holds a character the description rule refuses, the error names those characters, following
 * the text as it is typed or pasted ("Contains invalid characters" on Send alone leaves the user to guess), with one
 * button that rewrites them as what reads the same (readable-description.ts). Which characters are allowed is said
 * under the field before anything is typed.
 */
export function DescriptionField({ value, onChange, error, ref, label }: DescriptionFieldProps) {
  const { i18n } = useLingui()
  const language = useStore(selectLanguage)
  const refused = invalidDescriptionCharacters(value, QUOTES[i18n.locale] ?? QUOTES.en)
  const shownError =
    refused.length > 0 ? i18n._(requestMessages.invaliddescchars.id, { characters: refused.join(', ') }) : error
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
      hint={i18n._(requestMessages.descallowed)}
      fix={
        refused.length > 0 ? (
          <button
            type="button"
            className="button button--secondary description-field__remove"
            onClick={() => onChange(readableDescription(value, language))}
          >
            {i18n._(requestMessages.fixinvalidchars)}
          </button>
        ) : null
      }
    />
  )
}

/** How each language quotes a character: English “x”, Finnish and Swedish ”x”. */
const QUOTES: Record<string, (text: string) => string> = {
  en: (text) => `“${text}”`,
  fi: (text) => `”${text}”`,
  sv: (text) => `”${text}”`,
}
