import { useState, useEffect } from 'react'
import { displayPhone } from './format.ts'

/** Turns a stored number (E.164) into its display form; the number itself when it does not parse. */
type PhoneFormatter = (phone: string) => string

let formatter: PhoneFormatter | null = null
let loading: Promise<PhoneFormatter> | null = null

/**
 * libphonenumber-js (the chunk the register page uses, loaded on first use): the main bundle stays without it, and
 * once it is here every later number formats at once.
 */
export function loadPhoneFormatter(): Promise<PhoneFormatter> {
  loading ??= import('libphonenumber-js/min')
    .then(({ parsePhoneNumberFromString }): PhoneFormatter => {
      formatter = (phone) => displayPhone(phone, parsePhoneNumberFromString)
      return formatter
    })
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
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
