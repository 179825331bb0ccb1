import type { MessageKey } from '../i18n/messages.ts'

export const DESCRIPTION_MAX = 500

/** SPEC 5: letters with ä ö (and å, as the server allows), digits, whitespace and . , ! ? : - */
const DESCRIPTION_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9\s.,!?:-]+$/

/** The description rules of SPEC 5, as the server checks them (on the trimmed text). */
export function descriptionError(input: string): MessageKey | null {
  const description = input.trim()
  if (description.length < 1 || description.length > DESCRIPTION_MAX) return 'invaliddesclength'
  if (!DESCRIPTION_CHARACTERS.test(description)) return 'invalidcharacters'
  return null
}
