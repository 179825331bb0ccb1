import { intlLocale } from './intl-locale.ts'
/*
 * Calendar days (YYYY-MM-DD, as the server's daily figures name them) in the user's language, for charts and their
 * tables: the admin's figures and the public figures (/stats).
 */

/** A YYYY-MM-DD calendar day, read as that date wherever the browser is (UTC in, UTC out). */
const dayDate = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** An axis label: "Nov 3", "3.11.", "3 nov.". */
export function formatShortDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    dayDate(day),
  )
}

/** A table row or a bar's tooltip: "Tue, November 3", "ti 3. marraskuuta", "tis 3 november". */
export function formatLongDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(dayDate(day))
}
