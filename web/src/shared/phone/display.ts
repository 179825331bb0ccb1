import { useState, useEffect } from 'react'
import { displayPhone } from './format.ts'
import { loadPhoneLibrary } from './parser.ts'

/** Turns a stored number (E.164) into its display form; the number itself when it does not parse. */
type PhoneFormatter = (phone: string) => string

/** Set once the library has loaded, so every later number formats in its first render. */
let formatter: PhoneFormatter | null = null

/** libphonenumber-js stays out of the main bundle (loadPhoneLibrary); once it is here, numbers format at once. */
export async function loadPhoneFormatter(): Promise<PhoneFormatter> {
  const { parsePhoneNumberFromString } = await loadPhoneLibrary()
  formatter ??= (phone) => displayPhone(phone, parsePhoneNumberFromString)
  return formatter
}

/**
 * A phone number as people read it, the same everywhere: international format ("+358 40 222 0001", see
 * displayPhone). Shows the stored E.164 form until the formatter has loaded (or if it cannot load).
 * tel: links keep E.164 (telHref).
 */
export function usePhoneDisplay(phone: string): string {
  const [loaded, setLoaded] = useState<PhoneFormatter | null>(() => formatter)
  useEffect(() => {
    if (loaded) return
    let current = true
    loadPhoneFormatter()
      .then((format) => {
        if (current) setLoaded(() => format)
      })
      .catch((error: unknown) => console.error('Loading the phone formatter failed', error))
    return () => {
      current = false
    }
  }, [loaded])
  return loaded ? loaded(phone) : phone
}
