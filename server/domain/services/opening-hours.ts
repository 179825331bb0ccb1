import OpeningHours, { type nominatim_object } from 'opening_hours'

/**
 * A service's opening hours (docs/services.md#opening-hours): OpenStreetMap's `opening_hours` syntax, read by the
 * opening_hours library, which the admin form, the import, the server and the app's "open now" all share. This
 * module is pure: the SPA imports it (through its lazily loaded chunks only: the library is large).
 */

/** The longest value stored: real shops' hours fit in well under 100 characters. */
export const OPENING_HOURS_MAX = 255

/** An example of the syntax, in texts that explain it. */
export const OPENING_HOURS_EXAMPLE = 'Mo-Fr 10:00-18:00; Sa 10:00-15:00'

/**
 * Where a service is, as the library wants it (a reverse geocoder's answer): the country picks the public holidays
 * that `PH` means (Finland's), the coordinates the sunrise and sunset of `sunrise-sunset`. Every service is read as
 * Finnish: the app serves Finland (docs/product.md), and Finland has no regional public holidays.
 */
export function finnishPlace(latitude = 60.1699, longitude = 24.9384): nominatim_object {
  return { lat: latitude, lon: longitude, address: { country_code: 'fi', state: '' } }
}

/**
 * The library's reading of a value, or the library's reason it cannot read it. The library throws strings (not
 * Errors) of the form `<the value up to the problem> <--- (<reason>)`.
 */
export function parseOpeningHours(
  value: string,
  place: nominatim_object = finnishPlace(),
): { hours: OpeningHours } | { problem: string } {
  try {
    return { hours: new OpeningHours(value, place) }
  } catch (thrown) {
    return { problem: reasonOf(thrown) }
  }
}

/** The library's reason without the echoed value; `; ` would split a problem list (the API joins problems so). */
function reasonOf(thrown: unknown): string {
  const text = thrown instanceof Error ? thrown.message : String(thrown)
  const marked = /<--- \((.*)\)\s*$/s.exec(text)
  return (marked ? marked[1]! : text)
    .replace(/\s*;\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * What is wrong with a value, as the API and the import say it, or null when it may be stored. It must be read by
 * the library and evaluate once (holidays are looked up only then); the library's warnings (such as "10-18" for
 * "10:00-18:00", or Finnish day names) are accepted: it reads those values as meant.
 */
export function openingHoursProblem(value: string): string | null {
  if (value.length > OPENING_HOURS_MAX) return `opening_hours is longer than ${OPENING_HOURS_MAX} characters`
  const parsed = parseOpeningHours(value)
  let problem = 'problem' in parsed ? parsed.problem : null
  if (!problem && 'hours' in parsed) {
    try {
      parsed.hours.getState(new Date(2025, 11, 6, 12))
    } catch (thrown) {
      problem = reasonOf(thrown)
    }
  }
  return problem === null
    ? null
    : `opening_hours is not in OpenStreetMap's opening_hours syntax (such as "Mo-Fr 10:00-18:00"): ${problem}`
}
