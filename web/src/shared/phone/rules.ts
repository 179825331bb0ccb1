import { phoneTextProblem } from '#server/domain/accounts/phone-validation.ts'
import type { MessageKey } from '../i18n/catalog.ts'

/**
 * Longest input given to the phone parser (docs/product.md#accounts); the field itself stops there too. The character rule
 * is the server's too: both sides check the typed text with server/domain/accounts/phone-validation.ts.
 */
export {
  hasOnlyPhoneCharacters,
  PHONE_INPUT_MAX as PHONE_MAX_LENGTH,
} from '#server/domain/accounts/phone-validation.ts'

/** The example number of the phone fields (docs/product.md#accounts: the placeholder is a Finnish number). */
export const PHONE_PLACEHOLDER = '040 123 4567'

/** Parses what the user typed to E.164, or null when it is not a valid number (libphonenumber-js, FI default). */
export type PhoneParser = (input: string) => string | null

/**
 * The phone rules of docs/product.md#accounts in order: required (`emptyKey`: fillallfields on registration, enterphone on
 * the reset), allowed characters and length, then a valid number for Finland. Returns the E.164 form or the key.
 */
export function checkPhone(
  input: string,
  parse: PhoneParser,
  emptyKey: MessageKey = 'fillallfields',
): { phone: string } | { error: MessageKey } {
  const trimmed = input.trim()
  if (trimmed === '') return { error: emptyKey }
  if (phoneTextProblem(trimmed) !== null) return { error: 'invalidphone' }
  const phone = parse(trimmed)
  return phone ? { phone } : { error: 'invalidphone' }
}
