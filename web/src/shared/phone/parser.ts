import { PHONE_MAX_LENGTH, type PhoneParser } from './rules.ts'

let library: Promise<typeof import('libphonenumber-js/min')> | null = null

/**
 * libphonenumber-js with its small metadata (about 30 KB gzip), loaded once, on first use (the register and reset
 * pages parse with it, a logged-in user's screens format numbers with it), and tried again after a failed load.
 */
export function loadPhoneLibrary(): Promise<typeof import('libphonenumber-js/min')> {
  library ??= import('libphonenumber-js/min').catch((error: unknown) => {
    library = null
    throw error
  })
  return library
}

export async function loadPhoneParser(): Promise<PhoneParser> {
  const { parsePhoneNumberFromString } = await loadPhoneLibrary()
  return (input) => {
    if (input.length > PHONE_MAX_LENGTH) return null
    // extract: false refuses text around a number ("call 040 123 4567"), as the character rule already does.
    const number = parsePhoneNumberFromString(input, { defaultCountry: 'FI', extract: false })
    return number?.isValid() ? number.number : null
  }
}
