import { useLingui } from '@lingui/react'
import { ENDONYM_OF, LANGUAGES, LOCALE_OF } from '#shared/i18n/language.ts'
import { languageNames, shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectLanguage } from './slice.ts'

/**
 * The language choice. Each option is written in its own language ("Svenska"), so anyone finds theirs whatever
 * is on screen; the name in the current language follows when it differs ("ruotsi" in Finnish).
 */
export function LanguageSection() {
  const { i18n } = useLingui()
  const language = useStore(selectLanguage)
  const setLanguage = useStore((state) => state.setLanguage)

  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">{i18n._(shellMessages.language)}</legend>
      {LANGUAGES.map((option) => {
        const endonym = ENDONYM_OF[option]
        const localName = i18n._(languageNames[option])
        return (
          <label key={option} className="choice">
            <input
              type="radio"
              name="language"
              value={option}
              checked={language === option}
              onChange={() => void setLanguage(option)}
            />
            <span className="choice__label" lang={LOCALE_OF[option]}>
              {endonym}
            </span>
            {localName.toLocaleLowerCase() !== endonym.toLocaleLowerCase() && (
              <span className="choice__hint">{localName}</span>
            )}
          </label>
        )
      })}
    </fieldset>
  )
}
