import type { parsePhoneNumberFromString } from 'libphonenumber-js/min'

type Parse = typeof parsePhoneNumberFromString

/**
 * A stored number (E.164) in libphonenumber's international format, with one local touch: a Finnish subscriber
 * number that libphonenumber leaves as one block of seven digits ("+358 40 2220001") is grouped 3 + 4, the way
 * Finns write it and the way the services' numbers and the form's placeholder (040 123 4567) are written:
 * "+358 40 222 0001". Anything that does not parse is shown as it is.
 */
export function displayPhone(phone: string, parse: Parse): string {
  const parsed = parse(phone)
  if (!parsed) return phone
  const international = parsed.formatInternational()
  return parsed.country === 'FI' ? international.replace(/ (\d{3})(\d{4})$/, ' $1 $2') : international
}

/** A phone number as a tel: link target (spaces and dashes dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`
}
