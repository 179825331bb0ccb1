import { PHONE_MAX_LENGTH, type PhoneParser } from './rules.ts'

let parser: Promise<PhoneParser> | null = null

/**
 * libphonenumber-js with its small metadata (about 30 KB gzip), loaded on first use: only the register and reset
 * pages call this, so nobody else downloads it.
 */
export function loadPhoneParser(): Promise<PhoneParser> {
  parser ??= import('libphonenumber-js/min')
    .then(({ parsePhoneNumberFromString }): PhoneParser => (input) => {
      if (input.length > PHONE_MAX_LENGTH) return null
      // extract: false refuses text around a number ("call 040 123 4567"), as the character rule already does.
      const number = parsePhoneNumberFromString(input, { defaultCountry: 'FI', extract: false })
      return number?.isValid() ? number.number : null
    })
    .catch((error: unknown) => {
      parser = null
      throw error
    })
  return parser
}
